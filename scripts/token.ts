// Prints a bearer token for local use: npm run token -- <username> [--type admin] [--demo]
// --demo: the token of a demo community person (data/demo/users.yaml, subject demo|<username>).
// Signed with AUTH_JWT_SECRET, or with the development secret generated in the data folder's
// secrets/ (the same folder as the server's: run it with the same PGLITE_DIR). The --type claim is
// honoured only by a server started with AUTH_DEV_MODE=true on a loopback HOST.
import { Authenticator } from '../src/auth.js';
import { loadConfig } from '../src/config.js';
import { UserType } from '../src/modules/user/user.entity.js';

const args = process.argv.slice(2);
const username = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--type');
const typeIndex = args.indexOf('--type');
const type = typeIndex >= 0 ? args[typeIndex + 1] : undefined;
const demo = args.includes('--demo');
if (!username || (type && !(type in UserType))) {
  console.error(`usage: npm run token -- <username> [--type ${Object.keys(UserType).join('|')}] [--demo]`);
  process.exit(2);
}
const config = loadConfig();
if (!config.auth.jwtSecret) {
  console.error('Tokens come from the identity provider (AUTH_JWKS_URL is set): nothing to sign with here.');
  process.exit(2);
}
if (type && !config.auth.devMode)
  console.error(
    'note: --type is honoured only by a server started with AUTH_DEV_MODE=true (on a loopback HOST); else use ADMIN_SUBJECTS or PATCH /users/:id/user_type',
  );
const token = await new Authenticator(config.auth).sign({
  sub: `${demo ? 'demo' : 'dev'}|${username}`,
  preferred_username: username,
  name: username,
  email: `${username}@example.com`,
  ...(type ? { user_type: type } : {}),
});
console.log(token);
