import type { FishingDisplay, FishingRules } from '@lobby/sdk';
import { playRound } from '../api.js';
import { el, fill } from '../dom.js';
import { stakeSelect, settleRound, type Shell } from '../shell.js';

interface Swimmer {
  code: string;
  name: string;
  multiplier: number;
  x: number;
  y: number;
  speed: number;
  radius: number;
  flash: number;
}

const WIDTH = 640;
const HEIGHT = 360;

/**
 * The fishing game: fish swim across a canvas; a click or tap on a fish shoots it for the
 * stake per shot (the round is the shot). The same targets are buttons below the canvas,
 * so a keyboard or screen reader plays too. A hit pays the fish's multiplier.
 */
export function start(shell: Shell): () => void {
  const { t, info } = shell;
  const rules = info.game.rules as FishingRules;
  const en = shell.params.language === 'en';
  const canvas = el('canvas', { width: WIDTH, height: HEIGHT, class: 'sea', 'data-testid': 'sea', role: 'img', 'aria-label': t('shootHint') });
  const stake = stakeSelect(shell, 'shot-stake', info.game.minStakeMinor, info.game.maxStakeMinor);
  const buttons = rules.fish.map((fish) =>
    el('button', { type: 'button', class: 'fish', 'data-testid': `fish-${fish.code}`, 'data-fish': fish.code }, `${en ? fish.nameEn : fish.nameZh} ×${fish.multiplier}`),
  );
  const swimmers: Swimmer[] = rules.fish.map((fish, index) => ({
    code: fish.code, name: en ? fish.nameEn : fish.nameZh, multiplier: fish.multiplier,
    x: (index * 211) % WIDTH, y: 36 + (index * (HEIGHT - 90)) / Math.max(rules.fish.length - 1, 1), speed: 0.4 + (index % 4) * 0.25, radius: 14 + Math.min(fish.multiplier, 100) / 5, flash: 0,
  }));
  let busy = false;

  async function shoot(code: string): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      const { round, balanceMinor } = await playRound(shell.params, { fish: code, stakeMinor: stake.value() });
      const display = round.outcome?.display as FishingDisplay | undefined;
      const swimmer = swimmers.find((candidate) => candidate.code === code);
      if (swimmer) swimmer.flash = display?.hit ? 30 : -30;
      const fish = swimmer?.name ?? code;
      shell.announce(display?.hit ? t('hit', { fish, multiplier: display.multiplier, amount: shell.money(round.payoutMinor) }) : t('miss', { fish }));
      await settleRound(shell, { round, balanceMinor });
    } catch (error) {
      shell.fail(error);
    } finally {
      busy = false;
    }
  }

  for (const button of buttons) button.addEventListener('click', () => void shoot(button.dataset.fish!));
  canvas.addEventListener('click', (event) => {
    const box = canvas.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const y = ((event.clientY - box.top) / box.height) * HEIGHT;
    const target = swimmers.find((swimmer) => Math.hypot(swimmer.x - x, swimmer.y - y) <= swimmer.radius + 6);
    if (target) void shoot(target.code);
  });

  const context = canvas.getContext('2d');
  let frame = 0;
  const draw = () => {
    if (context) paint(context, swimmers);
    frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);

  fill(shell.stage, canvas, el('div', { class: 'controls' }, stake.field), el('p', { class: 'hint' }, t('shootHint')),
    el('div', { class: 'fish-list', role: 'group', 'aria-label': t('fishList') }, ...buttons));
  return () => cancelAnimationFrame(frame);
}

function paint(context: CanvasRenderingContext2D, swimmers: Swimmer[]): void {
  context.fillStyle = '#0b3d5c';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.textAlign = 'center';
  context.font = '12px sans-serif';
  for (const swimmer of swimmers) {
    swimmer.x = (swimmer.x + swimmer.speed) % (WIDTH + 40);
    const hue = swimmer.flash > 0 ? '#ffd54a' : swimmer.flash < 0 ? '#90a4ae' : '#ff8a65';
    if (swimmer.flash !== 0) swimmer.flash += swimmer.flash > 0 ? -1 : 1;
    context.fillStyle = hue;
    context.beginPath();
    context.ellipse(swimmer.x, swimmer.y, swimmer.radius * 1.4, swimmer.radius, 0, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#ffffff';
    context.fillText(`${swimmer.name} ×${swimmer.multiplier}`, swimmer.x, swimmer.y + swimmer.radius + 14);
  }
}
