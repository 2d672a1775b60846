// Builds the test database snapshot (PGlite) or template (PostgreSQL, TEST_DB=postgres) once,
// before jest starts: seeding takes longer than a test file's setup may wait on a slow machine.
import { openTestDatabase } from '../test/helpers/database.js';

const db = await openTestDatabase();
await db.drop();
