/**
 * GitHub's REST API as GitHub describes it (@octokit/openapi, the api.github.com description): every
 * request the stand-in receives and every answer it gives is checked against the operation's
 * parameters, request body and response schema (JSON Schema, with ajv). Each mismatch is a violation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

type Json = any;

const BASE = 'https://api.github.com/openapi.json';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

export interface Operation {
  method: string;
  template: string;
  operationId: string;
  definition: Json;
}

interface Compiled {
  doc: Json;
  ajv: Ajv;
  matchers: Array<{ method: string; template: string; pattern: RegExp; names: string[]; literals: number }>;
  validators: Map<string, ValidateFunction>;
}

let compiled: Compiled | undefined;

function load(): Compiled {
  if (compiled) return compiled;
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  // OpenAPI 3.0 schemas: `nullable`, `example`, `x-github` and friends are not JSON Schema keywords.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  ajv.addFormat('date-time', { type: 'string', validate: (value: string) => dateTime.test(value) && !Number.isNaN(Date.parse(value)) });
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('uri', { type: 'string', validate: (value: string) => URL.canParse(value) });
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  for (const loose of ['uri-template', 'int64', 'timestamp']) ajv.addFormat(loose, true);
  ajv.addSchema({ $id: BASE, components: jsonSchema(doc.components) });
  const matchers: Compiled['matchers'] = [];
  for (const [template, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      const names: string[] = [];
      const multi = new Set(
        parameters(doc, item[method])
          .filter((param) => param['x-multi-segment'])
          .map((param) => param.name),
      );
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return multi.has(name) ? '(.+)' : '([^/]+)';
      });
      matchers.push({ method, template, pattern: new RegExp(`^${source}$`), names, literals: template.replace(/\{\w+\}/g, '').length });
    }
  }
  // The most literal template first: /repos/{owner}/{repo}/installation before any {param} catch-all.
  matchers.sort((a, b) => b.literals - a.literals);
  compiled = { doc, ajv, matchers, validators: new Map() };
  return compiled;
}

function resolve(doc: Json, node: Json): Json {
  let current = node;
  while (current?.$ref)
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((at: Json, key: string) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return current;
}

function parameters(doc: Json, definition: Json): Json[] {
  return (definition.parameters ?? []).map((param: Json) => resolve(doc, param));
}

/** The schema with its references pointed at the description's components. */
function anchored(schema: Json): Json {
  return jsonSchema(JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\/components\//g, `"$ref":"${BASE}#/components/`)));
}

/**
 * OpenAPI 3.0's `nullable: true` in JSON Schema's words: null joins the types (and the enum), or,
 * beside a $ref or anyOf that has no type of its own, is one more alternative.
 */
function jsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(jsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === 'properties' || key === 'example' || key === 'examples'
        ? key === 'properties'
          ? Object.fromEntries(Object.entries<Json>(value as Json).map(([name, schema]) => [name, jsonSchema(schema)]))
          : value
        : jsonSchema(value);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function validator(key: string, schema: Json): ValidateFunction {
  const { ajv, validators } = load();
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(anchored(schema));
    validators.set(key, validate);
  }
  return validate;
}

function explain(where: string, validate: ValidateFunction): string[] {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${where}${error.instancePath || ''} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

export function findOperation(method: string, pathname: string): { operation: Operation; params: Record<string, string> } | undefined {
  const { doc, matchers } = load();
  for (const matcher of matchers) {
    if (matcher.method !== method.toLowerCase()) continue;
    const match = matcher.pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(matcher.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    const definition = doc.paths[matcher.template][matcher.method];
    return { operation: { method: matcher.method, template: matcher.template, operationId: definition.operationId, definition }, params };
  }
  return undefined;
}

/**
 * Violations of the request: the path, each query parameter, the body; `bodyFits` false when the
 * body does not fit the operation's schema (GitHub refuses such a request before it acts on it).
 */
export function checkRequest(method: string, url: URL, body: unknown): { operation?: Operation; violations: string[]; bodyFits: boolean } {
  const found = findOperation(method, url.pathname);
  if (!found) return { violations: [`${method} ${url.pathname}: no such operation in GitHub's REST description`], bodyFits: true };
  const { operation, params } = found;
  const where = `${operation.operationId} request`;
  const { doc } = load();
  const violations: string[] = [];
  const declared = parameters(doc, operation.definition);
  for (const param of declared) {
    const given =
      param.in === 'path' ? params[param.name] : param.in === 'query' ? (url.searchParams.get(param.name) ?? undefined) : undefined;
    if (param.in !== 'path' && param.in !== 'query') continue;
    if (given === undefined) {
      if (param.required) violations.push(`${where}: the ${param.in} parameter ${param.name} is required`);
      continue;
    }
    const value =
      param.schema?.type === 'integer' || param.schema?.type === 'number'
        ? Number(given)
        : param.schema?.type === 'boolean'
          ? given === 'true'
          : given;
    const validate = validator(`${operation.operationId} param ${param.name}`, param.schema ?? {});
    if (!validate(value)) violations.push(...explain(`${where} ${param.in} ${param.name}`, validate));
  }
  for (const name of url.searchParams.keys()) {
    if (!declared.some((param) => param.in === 'query' && param.name === name))
      violations.push(`${where}: unknown query parameter ${name}`);
  }
  const before = violations.length;
  const requestBody = resolve(doc, operation.definition.requestBody);
  if (requestBody) {
    const schema = requestBody.content?.['application/json']?.schema;
    if (body === undefined) {
      if (requestBody.required) violations.push(`${where}: a JSON body is required`);
    } else if (schema) {
      const validate = validator(`${operation.operationId} body`, schema);
      if (!validate(body)) violations.push(...explain(`${where} body`, validate));
    }
  } else if (body !== undefined) {
    violations.push(`${where}: this operation takes no body`);
  }
  return { operation, violations, bodyFits: violations.length === before };
}

/**
 * Violations of the answer. A status the operation does not list (GitHub's 401 and rate limits can
 * come from any operation) is held to GitHub's basic-error shape.
 */
export function checkResponse(operation: Operation, status: number, body: unknown): string[] {
  const { doc } = load();
  const where = `${operation.operationId} answer ${status}`;
  const listed = resolve(doc, operation.definition.responses[String(status)]);
  if (!listed && status < 400) return [`${where}: GitHub's description lists no such status`];
  const schema = listed ? listed.content?.['application/json']?.schema : { $ref: '#/components/schemas/basic-error' };
  if (!schema) return body === undefined ? [] : [`${where}: the description says this answer has no body`];
  const validate = validator(`${operation.operationId} ${listed ? status : 'error'}`, schema);
  return validate(body) ? [] : explain(where, validate);
}
