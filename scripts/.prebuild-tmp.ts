import 'reflect-metadata';
import { openTestDatabase } from '../test/helpers/database.js';
const t0 = Date.now();
const db = await openTestDatabase();
await db.drop();
console.log('snapshot ready', (Date.now() - t0) / 1000, 's');
process.exit(0);
