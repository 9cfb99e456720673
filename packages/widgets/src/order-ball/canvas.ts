/** Spec section 9: the ball is drawn on a 102 px canvas. */
export const BALL_SIZE_PX = 102;

export interface BallPicture {
  kind: 'deposit' | 'withdrawal';
  /** First line (the state). */
  title: string;
  /** Second line (countdown or count), may be empty. */
  detail: string;
  /** 0..1 of the countdown left; null draws a full ring. */
  progress: number | null;
}

/**
 * Fill of each ball and of its text. The text is white on the fill, so each fill keeps
 * WCAG AA contrast (4.5:1) with it: the deposit orange is a deep amber (5.0:1; the brighter
 * #f5a623 was 2.0:1). Canvas text is invisible to axe, so canvas.test.ts checks the ratio.
 */
export const BALL_COLOURS = { deposit: '#b45309', withdrawal: '#0958d9', text: '#fff' } as const;

/**
 * Sizes the canvas for the screen's pixel ratio (sharp on high-DPI screens) and draws the
 * ball: a disc, a track, the progress ring from 12 o'clock, and two lines of text.
 *
 * @example drawBall(canvas, { kind: 'deposit', title: 'Pay now', detail: '09:59', progress: 0.66 }, devicePixelRatio)
 */
export function drawBall(canvas: HTMLCanvasElement, picture: BallPicture, pixelRatio: number): void {
  const ratio = Math.max(1, Math.min(4, pixelRatio || 1));
  const pixels = Math.round(BALL_SIZE_PX * ratio);
  if (canvas.width !== pixels) canvas.width = pixels;
  if (canvas.height !== pixels) canvas.height = pixels;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  const centre = BALL_SIZE_PX / 2;
  context.clearRect(0, 0, BALL_SIZE_PX, BALL_SIZE_PX);
  context.beginPath();
  context.arc(centre, centre, centre - 8, 0, Math.PI * 2);
  context.fillStyle = picture.kind === 'deposit' ? BALL_COLOURS.deposit : BALL_COLOURS.withdrawal;
  context.fill();
  context.lineWidth = 5;
  context.beginPath();
  context.arc(centre, centre, centre - 4, 0, Math.PI * 2);
  context.strokeStyle = '#0002';
  context.stroke();
  const progress = picture.progress === null ? 1 : Math.max(0, Math.min(1, picture.progress));
  context.beginPath();
  context.arc(centre, centre, centre - 4, -Math.PI / 2, -Math.PI / 2 + progress * Math.PI * 2);
  context.strokeStyle = '#52c41a';
  context.lineCap = 'round';
  context.stroke();
  context.fillStyle = BALL_COLOURS.text;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = 'bold 15px sans-serif';
  context.fillText(picture.title, centre, picture.detail ? centre - 9 : centre, BALL_SIZE_PX - 24);
  if (picture.detail) {
    context.font = '13px sans-serif';
    context.fillText(picture.detail, centre, centre + 11, BALL_SIZE_PX - 24);
  }
}
