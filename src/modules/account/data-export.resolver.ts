import { Arg, Args, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { exportHead, exportRowsPage } from './data-export.service.js';
import { PersonalDataExport, PersonalDataRowPage, PersonalDataSection } from './data-export.types.js';

@Resolver(() => PersonalDataSection)
export class DataExportResolver {
  // Queries
  @Authorized()
  @Query(() => PersonalDataExport, {
    description:
      "Everything the service holds about the caller, as one document (GDPR articles 15 and 20): the account row and, for every column that holds the caller's id, its rows, page by page. Rate-limited; never cached.",
  })
  myExport(@Ctx() ctx: Context) {
    return exportHead(ctx.em, ctx.viewer!);
  }

  @Authorized()
  @Query(() => PersonalDataRowPage, {
    description:
      "The next page of one section of the caller's export (myExport.sections: entity and property), after `cursor`.",
  })
  myExportRows(
    @Arg('entity') entity: string,
    @Arg('property') property: string,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return exportRowsPage(ctx.em, ctx.viewer!, entity, property, page);
  }

  // Fields
  @FieldResolver(() => PersonalDataRowPage, {
    description: "The section's rows, a page at a time (follow nextCursor with Query.myExportRows or here).",
  })
  rows(@Root() section: PersonalDataSection, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return exportRowsPage(ctx.em, ctx.viewer!, section.entity, section.property, page);
  }
}
