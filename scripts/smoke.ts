import { MikroORM } from '@mikro-orm/pglite';
import { Entity, PrimaryKey, Property, ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { ObjectType, Field, ID, Resolver, Query, buildSchema } from 'type-graphql';
import { printSchema } from 'graphql';

@Entity()
@ObjectType()
export class Thing {
  @PrimaryKey({ type: 'uuid' })
  @Field(() => ID)
  id!: string;

  @Property()
  @Field()
  name!: string;

  @Property({ type: 'text[]' })
  @Field(() => [String])
  tags: string[] = [];
}

@Resolver()
class R {
  @Query(() => [Thing]) things(): Thing[] {
    return [];
  }
}

const t0 = Date.now();
const orm = await MikroORM.init({
  entities: [Thing],
  dbName: 'memory://',
  metadataProvider: ReflectMetadataProvider,
  debug: false,
});
console.log('init', Date.now() - t0);
await orm.schema.create();
const em = orm.em.fork();
em.create(Thing, { id: crypto.randomUUID(), name: 'a', tags: ['x', 'y'] });
await em.flush();
console.log(await orm.em.fork().find(Thing, {}));
const schema = await buildSchema({ resolvers: [R] });
console.log(printSchema(schema));
await orm.close();
