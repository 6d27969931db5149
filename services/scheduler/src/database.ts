import type { ServiceDatabase } from '@platform/database';

export const schedulerDatabase: ServiceDatabase = {
  schema: 'scheduler',
  entities: [],
  migrations: [],
};
