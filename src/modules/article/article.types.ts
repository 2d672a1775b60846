// The GraphQL object types ArticleResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { Article } from './article.js';

@ObjectType()
export class ArticlePage extends Page(Article) {}
