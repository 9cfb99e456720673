import { useRef, useState } from 'preact/hooks';

/** Spec section 9: a press shorter than this is a click, longer is a drag. */
export const CLICK_THRESHOLD_MS = 350;
/** Keyboard moves, in px (Shift moves farther). */
export const KEY_STEP_PX = 10;
export const KEY_STEP_LARGE_PX = 50;

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  width: number;
  height: number;
}

/**
 * True when a press lasted less than the click threshold (spec section 2: 350 ms).
 *
 * @example isClickPress(349) // true
 */
export function isClickPress(durationMs: number, thresholdMs: number = CLICK_THRESHOLD_MS): boolean {
  return durationMs < thresholdMs;
}

/**
 * Keeps a box inside the viewport.
 *
 * @example clampToViewport({ x: -5, y: 900 }, { width: 102, height: 102 }, { width: 800, height: 600 }) // { x: 0, y: 498 }
 */
export function clampToViewport(point: Point, box: Box, viewport: Box): Point {
  return {
    x: Math.min(Math.max(0, point.x), Math.max(0, viewport.width - box.width)),
    y: Math.min(Math.max(0, point.y), Math.max(0, viewport.height - box.height)),
  };
}

/**
 * Snaps a box to the nearer of the left and right edges, inside the viewport.
 *
 * @example snapToEdge({ x: 500, y: 100 }, { width: 102, height: 102 }, { width: 800, height: 600 }) // { x: 698, y: 100 }
 */
export function snapToEdge(point: Point, box: Box, viewport: Box): Point {
  const clamped = clampToViewport(point, box, viewport);
  const centre = clamped.x + box.width / 2;
  return { x: centre < viewport.width / 2 ? 0 : Math.max(0, viewport.width - box.width), y: clamped.y };
}

/** The move an arrow key asks for, or null for another key. */
export function keyMove(key: string, large: boolean): Point | null {
  const step = large ? KEY_STEP_LARGE_PX : KEY_STEP_PX;
  const moves: Record<string, Point> = { ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: -step }, ArrowDown: { x: 0, y: step } };
  return moves[key] ?? null;
}

export interface DraggableOptions {
  /** Start position (viewport px). */
  initial: Point;
  box: Box;
  /** Snap to the left or right edge when released (the order ball). */
  snap: boolean;
  /** A press shorter than the threshold, or Enter/Space (unless keyboardActivate is false). */
  onActivate: () => void;
  /** Enter and Space on the dragged element activate it; false when a child button does. */
  keyboardActivate?: boolean;
}

function viewportBox(): Box {
  return { width: document.documentElement.clientWidth || innerWidth, height: document.documentElement.clientHeight || innerHeight };
}

/**
 * Pointer and keyboard dragging for a fixed-position widget. Pointer capture keeps the
 * listeners on the element itself, so nothing is left on the page.
 *
 * @example const drag = useDraggable({ initial, box, snap: true, onActivate: open }); <div {...drag.handlers} style={drag.style} />
 */
export function useDraggable(options: DraggableOptions) {
  const [position, setPosition] = useState<Point>(options.initial);
  const press = useRef<{ startedAt: number; offset: Point; pointerId: number } | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const settle = (point: Point) => {
    const { box, snap } = latest.current;
    setPosition(snap ? snapToEdge(point, box, viewportBox()) : clampToViewport(point, box, viewportBox()));
  };
  const handlers = {
    onPointerDown(event: PointerEvent) {
      if (event.button !== 0 || (event.target as Element | null)?.closest?.('[data-no-drag]')) return;
      const target = event.currentTarget as HTMLElement;
      target.setPointerCapture?.(event.pointerId);
      press.current = { startedAt: event.timeStamp, offset: { x: event.clientX - position.x, y: event.clientY - position.y }, pointerId: event.pointerId };
    },
    onPointerMove(event: PointerEvent) {
      const current = press.current;
      if (!current || current.pointerId !== event.pointerId) return;
      setPosition(clampToViewport({ x: event.clientX - current.offset.x, y: event.clientY - current.offset.y }, latest.current.box, viewportBox()));
    },
    onPointerUp(event: PointerEvent) {
      const current = press.current;
      if (!current || current.pointerId !== event.pointerId) return;
      press.current = null;
      const point = { x: event.clientX - current.offset.x, y: event.clientY - current.offset.y };
      if (isClickPress(event.timeStamp - current.startedAt)) latest.current.onActivate();
      settle(point);
    },
    onPointerCancel() {
      press.current = null;
    },
    onKeyDown(event: KeyboardEvent) {
      if ((event.key === 'Enter' || event.key === ' ') && latest.current.keyboardActivate !== false) {
        event.preventDefault();
        latest.current.onActivate();
        return;
      }
      const move = keyMove(event.key, event.shiftKey);
      if (!move) return;
      event.preventDefault();
      if (latest.current.snap && move.x !== 0) settle({ x: move.x < 0 ? 0 : viewportBox().width, y: position.y });
      else settle({ x: position.x + move.x, y: position.y + move.y });
    },
  };
  // CSS keeps the widget on screen when the window shrinks, with no resize listener.
  const style = { left: `min(${position.x}px, calc(100vw - ${options.box.width}px))`, top: `min(${position.y}px, calc(100vh - ${options.box.height}px))` };
  return { position, handlers, style };
}
