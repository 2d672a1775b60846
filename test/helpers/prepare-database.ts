// Builds the seeded database snapshot (PGlite) or template (PostgreSQL, TEST_DB=postgres) once, so
// that no test file's setup waits on a seeding that can outlast its timeout on a busy machine.
// Run by test/global-setup.mjs before jest starts its workers.
import 'reflect-metadata';
import { openTestDatabase } from './database.js';

const database = await openTestDatabase();
await database.drop();
