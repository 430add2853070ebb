import pg from 'pg';

/** The PostgreSQL server the tests run on (TEST_DATABASE_URL, or DATABASE_URL); PGlite when neither is set. */
export const testServerUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** Runs one statement on the test server's own database (creating and dropping the tests' databases). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL server at ${testServerUrl} cannot be reached (${(error as Error).message}). Start it, or unset TEST_DATABASE_URL/DATABASE_URL to test on PGlite.`,
      { cause: error },
    );
  }
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the test server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(testServerUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}
