import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely; the SQL in ./migrations is the source they mirror. */
export interface Database {
  schema_migrations: SchemaMigrationsTable;
  app_configs: AppConfigsTable;
  locations: LocationsTable;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: ColumnType<Date, never, never>;
}

export interface AppConfigsTable {
  type: string;
  config: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface LocationsTable {
  id: Generated<string>;
  label: string;
  country_name: string;
  city: string;
  lat: number;
  lon: number;
  created_at: ColumnType<Date, never, never>;
}
