// Loads TypeScript sources through swc, which (unlike esbuild-based loaders) emits the
// decorator metadata that type-graphql and MikroORM's reflect-metadata provider read.
import 'reflect-metadata';
import { register } from 'node:module';

register('@swc-node/register/esm', import.meta.url);
