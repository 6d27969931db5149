import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { databaseFailure } from './database-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('databaseFailure', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server still starting (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['a server out of connections (53300)', withCode('53300')],
    ['a connection that died mid-query', new Error('Connection terminated unexpectedly')],
    ['a connection that could not be opened in time', new Error('Connection terminated due to connection timeout')],
    ['a client closed under a query', new Error('Client was closed and is not queryable')],
    ['a driver error wrapped by TypeORM', Object.assign(new Error('Query failed'), { driverError: withCode('57P01') })],
    ['a transaction whose connection died under it', new QueryRunnerAlreadyReleasedError()],
    ['a manager whose connection died under it', new QueryRunnerProviderAlreadyReleasedError()],
  ])('is unreachable for %s', (_, error) => {
    expect(databaseFailure(error)).toBe('unreachable');
  });

  it('is busy when every pooled connection stayed in use', () => {
    expect(databaseFailure(new Error('timeout exceeded when trying to connect'))).toBe('busy');
  });

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a protocol violation (08P01), our bug', withCode('08P01', 'bind message supplies 2 parameters, but prepared statement "" requires 1')],
    ['a syntax error (42601)', withCode('42601')],
    ['a row-level security refusal (42501)', withCode('42501', 'new row violates row-level security policy')],
    ['a Redis error thrown inside a transaction', new Error('Connection is closed.')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is nothing of the kind for %s', (_, error) => {
    expect(databaseFailure(error)).toBeUndefined();
  });
});
