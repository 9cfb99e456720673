/** What is wrong with the ID card form's fields, before anything is sent. */
export type IdentityProblem = 'nameProblem' | 'idCardProblem' | null;

/**
 * Checks the real name (2 to 30 characters) and the ID card number (17 digits and a digit
 * or X) as the server does.
 *
 * @example identityProblem('张三', '11010119900307123X') // null
 */
export function identityProblem(realName: string, idCardNo: string): IdentityProblem {
  const name = realName.trim();
  if (name.length < 2 || name.length > 30) return 'nameProblem';
  if (!/^\d{17}[\dXx]$/.test(idCardNo.trim())) return 'idCardProblem';
  return null;
}
