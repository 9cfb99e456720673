import { defineCall, s } from '@lobby/sdk';

/** Calls of every request style, for client tests only; the contract declares the real ones. */
const echo = s.object({ path: s.string() });
const base = { group: 'test', auth: 'member', summary: 'test call', response: echo } as const;

export const jsonCall = defineCall({ ...base, name: 'testJson', path: '/t/json', style: 'json', request: s.object({ b: s.string(), a: s.integer() }) });
export const formCall = defineCall({ ...base, name: 'testForm', path: '/t/form', style: 'form', request: s.object({ b: s.string(), a: s.integer() }) });
export const queryCall = defineCall({
  ...base,
  name: 'testQuery',
  path: '/t/query',
  style: 'query',
  request: s.object({ size: s.integer(), page: s.integer(), tags: s.array(s.string()), q: s.optional(s.string()) }),
});
export const deleteCall = defineCall({ ...base, name: 'testDelete', path: '/t/delete', style: 'delete', request: s.object({ id: s.integer() }) });
export const uploadCall = defineCall({
  ...base,
  name: 'testUpload',
  path: '/t/upload',
  style: 'upload',
  // Files travel as multipart parts, not in the query the server validates, so the schema marks them optional.
  request: s.object({ file: s.optional(s.unknown()), note: s.string() }),
});
export const publicCall = defineCall({ ...base, name: 'testPublic', path: '/t/public', style: 'query', auth: 'none', request: s.empty() });
export const moneyCall = defineCall({
  ...base,
  name: 'testMoney',
  path: '/t/money',
  style: 'json',
  movesMoney: true,
  request: s.object({ money: s.integer() }),
});
