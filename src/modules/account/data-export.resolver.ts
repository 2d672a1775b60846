import { Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { exportPersonalData } from './data-export.service.js';
import { PersonalDataExport } from './data-export.types.js';

@Resolver()
export class DataExportResolver {
  // Queries
  @Authorized()
  @Query(() => PersonalDataExport, {
    description:
      "Everything the service holds about the caller, as one document (GDPR articles 15 and 20): the account row and, for every column that holds the caller's id, its rows. Rate-limited; never cached.",
  })
  myExport(@Ctx() ctx: Context) {
    return exportPersonalData(ctx.em, ctx.viewer!);
  }
}
