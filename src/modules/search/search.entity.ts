// The words a misspelt query word is corrected to, written by the database's triggers
// (the search migration). An entity so that generated migrations know the table.
import { Entity, Index, PrimaryKey } from '@mikro-orm/decorators/legacy';

/** Words of product, brand, category and ingredient names. */
@Entity({ tableName: 'search_word' })
@Index({
  name: 'search_word_trgm_index',
  expression: 'create index "search_word_trgm_index" on "search_word" using gin ("word" gin_trgm_ops)',
})
export class SearchWord {
  @PrimaryKey({ type: 'text' })
  word!: string;
}
