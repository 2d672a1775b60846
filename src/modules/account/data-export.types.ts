import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'The rows of one table that refer to the person through one column (user-data policy: ' +
    'src/modules/account/user-data-policy.ts).',
})
export class PersonalDataSection {
  @Field({ description: 'The entity (e.g. RoutineFavorite).' })
  entity!: string;

  @Field({ description: 'Its property that refers to the person (e.g. user).' })
  property!: string;

  @Field({ description: 'The database table.' })
  table!: string;

  @Field({ description: "The column holding the person's id (or identity-provider subject)." })
  column!: string;

  @Field({
    description:
      'What deleting the account does to these rows: delete, keep (under the anonymised account), null (the column is cleared) or tombstone.',
  })
  onAccountDeletion!: string;

  @Field({ description: 'Why.' })
  why!: string;

  // rows(limit, cursor): a field resolver (data-export.resolver.ts), one keyset page per request.
}

@ObjectType({
  description:
    "A page of one section's rows, in primary-key order: every column (snake_case, as stored; timestamps ISO 8601), " +
    "secrets of ours (token hashes) left out, and of other people's rows the person acted on (a moderator's reviews) " +
    "only the person's own action.",
})
export class PersonalDataRowPage {
  @Field(() => [GraphQLJSONObject])
  items!: Array<Record<string, unknown>>;

  @Field(() => String, { nullable: true, description: 'Pass as cursor for the next page; null on the last page.' })
  nextCursor!: string | null;
}

@ObjectType({
  description: 'Everything the service holds about the caller, as one JSON document (GDPR articles 15 and 20).',
})
export class PersonalDataExport {
  @Field({ description: "The document's format and version." })
  format!: string;

  @Field()
  exportedAt!: Date;

  @Field(() => GraphQLJSONObject, {
    description: 'The account row: profile, e-mail, skin profile, interest groups, intake decision.',
  })
  profile!: Record<string, unknown>;

  @Field(() => [PersonalDataSection], {
    description:
      "One section per column that holds the person's id, in the order of the user-data policy; empty ones included. " +
      'Each section pages its rows (rows(limit, cursor), then Query.myExportRows with the next cursor).',
  })
  sections!: PersonalDataSection[];
}
