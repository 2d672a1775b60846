import { Arg, Args, Query, Resolver } from 'type-graphql';
import { notFound } from '../../errors.js';
import { paginateList } from '../shared/pagination.js';
import { Article, loadArticles } from './article.js';
import { ArticlePage } from './article.types.js';
import { ArticleListArgs } from './article.input.js';

@Resolver(() => Article)
export class ArticleResolver {
  // Queries
  @Query(() => ArticlePage, { description: 'Articles, newest first.' })
  articles(@Args() args: ArticleListArgs): ArticlePage {
    const list = loadArticles().filter((a) => !args.tag || a.tags.includes(args.tag));
    return paginateList(list, (a) => a.alias, args);
  }

  @Query(() => Article, { description: 'One article by alias.' })
  article(@Arg('idOrAlias') idOrAlias: string): Article {
    const article = loadArticles().find((a) => a.alias === idOrAlias.toLowerCase());
    if (!article) throw notFound('Article', idOrAlias);
    return article;
  }
}
