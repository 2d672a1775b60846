import { Arg, Args, ArgsType, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { notFound } from '../../errors.js';
import { Page, PageArgs, paginateList } from '../shared/pagination.js';
import { Article, loadArticles } from './article.js';

@ObjectType()
export class ArticlePage extends Page(Article) {}

@ArgsType()
class ArticleListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only articles with this tag.' })
  tag?: string | null;
}

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
