import { DataSource } from 'typeorm';
import { APP_ROLE, type ServiceDatabase } from './service-database.js';

/**
 * `asAppRole` connects as the unprivileged role, so a query outside withUser/asSystem sees no
 * rows at all; migrations connect as the URL's own user, who owns the schema.
 */
export function createDataSource(url: string, database: ServiceDatabase, asAppRole: boolean, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    schema: database.schema,
    entities: database.entities,
    migrations: database.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      // A request waits at most this long for a connection, so a database outage is a fast 503, not a hang.
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      ...(asAppRole ? { options: `-c role=${APP_ROLE}` } : {}),
    },
  });
}
