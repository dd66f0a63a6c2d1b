// The bodies of requests and responses as the rules read them (rulesets/lib/oas.ts): a shared
// response or request body has one list of bodies, where it is written; a 2.0 response has a body
// per kind of media type of its list, not per type.
import { describe, expect, it } from 'vitest';
import { operations, requestBodies, responseBodies, responses, type Obj } from '../rulesets/lib/oas.js';

const content = { 'application/json': { schema: { type: 'object' } }, 'application/xml': { schema: { type: 'object' } } };

describe('3.x: a shared response or request body', () => {
  const response = { description: 'OK', content };
  const requestBody = { content };
  // The resolved document: every `$ref` replaced by the one object it names.
  const root: Obj = {
    openapi: '3.0.3',
    paths: {
      '/a': { post: { requestBody, responses: { '200': response } } },
      '/b': { post: { requestBody, responses: { '201': response } } },
      '/c': { post: { requestBody: { content }, responses: { '200': { description: 'OK', content } } } },
    },
    components: { responses: { Shared: response }, requestBodies: { Shared: requestBody } },
  };
  const [a, b, c] = operations(root);
  const bodiesOf = (op: typeof a) => responseBodies(root, op, responses(op!)[0]!.response, responses(op!)[0]!.jsonPath);

  it('is one list for every operation, with the paths where the component is written', () => {
    expect(bodiesOf(b)).toBe(bodiesOf(a));
    expect(bodiesOf(a).map(body => body.jsonPath)).toEqual([
      ['components', 'responses', 'Shared', 'content', 'application/json', 'schema'],
      ['components', 'responses', 'Shared', 'content', 'application/xml', 'schema'],
    ]);
    expect(requestBodies(root, b!)).toBe(requestBodies(root, a!));
    expect(requestBodies(root, a!)[0]!.jsonPath).toEqual(['components', 'requestBodies', 'Shared', 'content', 'application/json', 'schema']);
  });

  it('an operation\'s own response and request body keep the operation\'s paths', () => {
    expect(bodiesOf(c).map(body => body.jsonPath[0])).toEqual(['paths', 'paths']);
    expect(requestBodies(root, c!)[1]!.jsonPath).toEqual(['paths', '/c', 'post', 'requestBody', 'content', 'application/xml', 'schema']);
  });
});

describe('2.0: a body per kind of media type', () => {
  const produces = [
    'application/json', 'application/vnd.shop+json', 'application/json; charset=utf-8', 'application/x-ndjson', 'application/xml', 'text/yaml',
    'application/problem+json', 'application/json;stream=watch',
  ];
  const schema = { type: 'object' };
  const root: Obj = {
    swagger: '2.0',
    produces,
    paths: {
      '/a': { get: { responses: { '200': { description: 'OK', schema } } } },
      '/b': { get: { produces: ['text/csv', 'application/json'], responses: { '200': { description: 'OK', schema } } } },
    },
  };
  const [a, b] = operations(root);
  const typesOf = (op: typeof a) => responseBodies(root, op, responses(op!)[0]!.response, responses(op!)[0]!.jsonPath).map(body => body.mediaType);

  it('the first type of each kind (JSON, streaming, problem+json, other), in the list\'s order', () => {
    expect(typesOf(a)).toEqual(['application/json', 'application/x-ndjson', 'application/xml', 'application/problem+json', 'application/json;stream=watch']);
  });

  it('an operation\'s own list, read the same way', () => {
    expect(typesOf(b)).toEqual(['text/csv', 'application/json']);
  });
});
