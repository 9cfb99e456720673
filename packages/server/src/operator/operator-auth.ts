import type { FastifyRequest } from 'fastify';
import { HEADER } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import type { LobbyServices } from '../services.js';
import { findOperator, type Operator } from './operator-repository.js';

const operators = new WeakMap<FastifyRequest, Operator>();

/**
 * Checks the operator token of an `auth: 'operator'` call (sent in x-token) and remembers
 * the operator for the handler; refuses with operatorOnly (HTTP 401) otherwise.
 *
 * @example await authenticateOperator(request, app.lobby); operatorOf(request).name // 'ops'
 */
export async function authenticateOperator(request: FastifyRequest, services: LobbyServices): Promise<void> {
  const token = request.headers[HEADER.token];
  if (typeof token !== 'string' || token === '') throw new BusinessError('operatorOnly', 'this call is for operators: send the operator token in x-token');
  const operator = await findOperator(services.db, token);
  if (!operator) throw new BusinessError('operatorOnly', 'the operator token is unknown or disabled');
  operators.set(request, operator);
}

/** The operator an operator call was authenticated as. */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = operators.get(request);
  if (!operator) throw new Error('operatorOf: the request was not authenticated as an operator');
  return operator;
}
