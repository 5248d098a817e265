/**
 * GitHub's GraphQL API as GitHub publishes its schema (@octokit/graphql-schema): the query document
 * is validated against the schema, the variables are coerced to their declared input types, and the
 * answer is made by executing the document against that same schema, so its shape is the schema's.
 */
import { schema as published } from '@octokit/graphql-schema';
import {
  buildClientSchema,
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';

let schema: GraphQLSchema | undefined;

function githubSchema(): GraphQLSchema {
  schema ??= buildClientSchema(published.json as never);
  return schema;
}

export interface CheckedQuery {
  document?: DocumentNode;
  variables?: Record<string, unknown>;
  violations: string[];
}

/** The document parsed and validated, and its variables coerced; every mismatch a violation. */
export function checkQuery(body: unknown): CheckedQuery {
  const { query, variables } = (body ?? {}) as { query?: unknown; variables?: unknown };
  if (typeof query !== 'string') return { violations: ['graphql request: no query text'] };
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return { violations: [`graphql request: ${(error as Error).message}`] };
  }
  const violations = validate(githubSchema(), document).map((error) => `graphql request: ${error.message}`);
  const operation = getOperationAST(document);
  if (!operation) return { document, violations: [...violations, 'graphql request: not exactly one operation'] };
  const coerced = getVariableValues(githubSchema(), operation.variableDefinitions ?? [], (variables ?? {}) as Record<string, unknown>);
  if (coerced.errors) violations.push(...coerced.errors.map((error) => `graphql variables: ${error.message}`));
  return { document, variables: coerced.coerced, violations };
}

/** A refusal GitHub words as an error with a `type` (STALE_DATA, FORBIDDEN, NOT_FOUND, ...). */
export class GitHubGraphQLRefusal extends GraphQLError {
  constructor(
    message: string,
    readonly type: string,
  ) {
    super(message, { extensions: { type } });
  }
}

/**
 * The answer GitHub would give: the document executed with `root` as the mutation's fields. GitHub
 * puts an error's `type` beside its message rather than under `extensions`. Errors other than a
 * refusal (a null where the schema forbids one, say) are violations.
 */
export async function answerQuery(checked: CheckedQuery, root: Record<string, unknown>): Promise<{ body: unknown; violations: string[] }> {
  const result = await execute({
    schema: githubSchema(),
    document: checked.document!,
    rootValue: root,
    variableValues: checked.variables ?? {},
  });
  const violations: string[] = [];
  const errors = (result.errors ?? []).map((error) => {
    const type = (error.originalError as GitHubGraphQLRefusal | undefined)?.type;
    if (!type) violations.push(`graphql answer: ${error.message}`);
    return { type, path: error.path, locations: error.locations, message: error.message };
  });
  return { body: { data: result.data ?? null, ...(errors.length ? { errors } : {}) }, violations };
}
