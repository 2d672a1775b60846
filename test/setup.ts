import 'reflect-metadata';
import { Console } from 'node:console';

// What code under test writes to the console (a skipped Redis test's reason, a migration's report) goes out
// as the plain lines it is: jest's own console adds a "● Console" heading and a stack trace to each, which in
// a passing run read like failures.
globalThis.console = new Console({ stdout: process.stdout, stderr: process.stderr });
