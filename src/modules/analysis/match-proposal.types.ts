// The GraphQL object types MatchProposalResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { IngredientMatchProposal } from './match-proposal.entity.js';

@ObjectType()
export class IngredientMatchProposalPage extends Page(IngredientMatchProposal) {}
