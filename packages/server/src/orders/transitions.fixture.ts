/**
 * The transitions spec section 4 allows, as this product reads them ("<from> <event>
 * <to>"), written out on their own so tests compare the machines' tables against them.
 */
export const ALLOWED_DEPOSIT = new Set([
  '101 memberPaid 102', '101 memberCancel 103', '101 providerPaid 104', '101 providerFailed 103',
  '101 operatorConfirm 104', '101 operatorReject 103', '101 expire 105',
  '102 providerPaid 104', '102 providerFailed 103', '102 operatorConfirm 104', '102 operatorReject 103',
]);

export const ALLOWED_DRAW = new Set([
  '4011 match 4012', '4012 pay 4013', '4013 memberConfirm 4015', '4013 memberAppeal 4014',
  '4013 operatorComplete 4015', '4014 operatorComplete 4015',
  '4011 freeze 4014', '4012 freeze 4014', '4013 freeze 4014', '4014 unfreeze 4011',
  '4011 expire 4016', '4012 expire 4016', '4014 expire 4016',
]);

/** The state `event` leads to from `state` by the allowed list, or undefined. */
export function allowedTarget(allowed: Set<string>, state: number, event: string): number | undefined {
  const found = [...allowed].find((t) => t.startsWith(`${state} ${event} `));
  return found === undefined ? undefined : Number(found.split(' ')[2]);
}
