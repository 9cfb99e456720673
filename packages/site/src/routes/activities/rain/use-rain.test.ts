import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODE } from '@lobby/sdk';
import { createMoneyAction } from '../../../modules/money-action.js';
import { grabIdentity } from './use-rain.js';

const info = (sessionKey: number) => ({ activityId: 7, current: { sessionKey } }) as unknown as Parameters<typeof grabIdentity>[0];

describe('a red-packet grab', () => {
  it('is the same grab when retried after no answer, so its key is reused and it is paid at most once', async () => {
    const action = createMoneyAction();
    const keys: string[] = [];
    const lost = (key: string) => {
      keys.push(key);
      return Promise.reject(new ApiError({ code: CLIENT_CODE.networkError, status: 0, message: 'offline' }));
    };
    await expect(action.run(grabIdentity(info(1_764_150_000), 3), lost)).rejects.toThrow('offline');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await action.run(grabIdentity(info(1_764_150_000), 3), async (key) => keys.push(key));
    expect(keys[1]).toBe(keys[0]);
  });

  it('is another grab in another rain session', () => {
    expect(grabIdentity(info(1), 3)).not.toEqual(grabIdentity(info(2), 3));
  });
});
