import type { APIGatewayProxyStructuredResultV2 as FunctionUrlResult, LambdaFunctionURLEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { requestFromEvent } from '../../lambda/http';
import { deliveredAsText, functionUrlEvent } from '../../emulator/function-url-event';
import { maxHeaderSize } from 'node:http';
import { connect } from 'node:net';
import { serveFunctionUrl } from '../../emulator/function-url-server';
import { smokeQuestions } from '../../scripts/smoke';
import sample from '../fixtures/function-url-event.json';
import { lambdaContext } from '../support/function-url';
import { rawRequest } from '../support/raw-http';
import { searchOnlyHandler } from '../support/service';

describe('the Function URL event builder', () => {
  it('makes of the AWS example request the AWS example event', () => {
    const event = functionUrlEvent(
      {
        method: 'POST',
        target: '/my/path?parameter1=value1&parameter1=value2&parameter2=value',
        headers: { Header1: 'value1', header2: ['value1', 'value2'], Cookie: 'cookie1; cookie2', 'content-type': 'text/plain' },
        body: 'Hello from client!',
        sourceIp: '123.123.123.123',
      },
      new Date(Date.UTC(2020, 2, 12, 19, 3, 58)),
    );
    // The example was sent without a content type; a body without one arrives as base64 (below).
    expect(event).toEqual({
      ...sample,
      headers: { ...sample.headers, 'content-type': 'text/plain' },
      requestContext: {
        ...sample.requestContext,
        // what differs by deployment and by request; `authorizer` is there for IAM auth only
        authorizer: undefined,
        accountId: 'anonymous',
        apiId: 'localhost',
        domainName: 'localhost',
        domainPrefix: 'localhost',
        http: { ...sample.requestContext.http, userAgent: '' },
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        timeEpoch: Date.UTC(2020, 2, 12, 19, 3, 58),
      },
    });
    expect(Object.keys(event).sort()).toEqual(Object.keys(sample).sort());
  });

  it('joins a repeated query key\'s decoded values with commas and keeps the raw query as sent', () => {
    const event = functionUrlEvent({ method: 'GET', target: '/knights?board=10110%2F01*11%2F10111%2F01001%2F00000&limit=7&board=x', headers: {} });
    expect(event.rawQueryString).toBe('board=10110%2F01*11%2F10111%2F01001%2F00000&limit=7&board=x');
    expect(event.queryStringParameters).toEqual({ board: '10110/01*11/10111/01001/00000,x', limit: '7' });
    // the function reads a repeated key's first value, from the raw query
    expect(requestFromEvent(event).query.get('board')).toBe('10110/01*11/10111/01001/00000');
    expect(functionUrlEvent({ method: 'GET', target: '/health', headers: {} })).not.toHaveProperty('queryStringParameters');
  });

  it('delivers text media types as text and every other body as base64, bytes intact', () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'TEXT/CSV', 'application/json', 'application/json;charset=utf-8', 'application/xml', 'application/javascript']) {
      expect(deliveredAsText(type), type).toBe(true);
    }
    for (const type of [undefined, '', 'application/octet-stream', 'application/x-www-form-urlencoded', 'image/png', 'multipart/form-data; boundary=x', 'application/jsonl', 'textual/plain']) {
      expect(deliveredAsText(type), String(type)).toBe(false);
    }
    const bytes = Uint8Array.from([0xff, 0x00, 0x7b, 0x22, 0xc3, 0x28]);
    const binary = functionUrlEvent({ method: 'POST', target: '/eight', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    expect(binary).toMatchObject({ isBase64Encoded: true, body: Buffer.from(bytes).toString('base64') });
    expect(requestFromEvent(binary).bodyBytes).toBe(bytes.length);
    const json = functionUrlEvent({ method: 'POST', target: '/eight', headers: { 'content-type': 'application/json' }, body: '{"from":"12X453786"}' });
    expect(json).toMatchObject({ isBase64Encoded: false, body: '{"from":"12X453786"}' });
    expect(functionUrlEvent({ method: 'GET', target: '/', headers: {} })).toMatchObject({ isBase64Encoded: false });
    expect(functionUrlEvent({ method: 'GET', target: '/', headers: {} })).not.toHaveProperty('body');
  });

  it('takes any header or query key for a name, those of Object.prototype included', () => {
    const event = functionUrlEvent({ method: 'GET', target: '/knights?constructor=1&__proto__=2&toString=3', headers: { constructor: 'x', ['__proto__']: 'y' } });
    expect(event.queryStringParameters).toEqual(Object.fromEntries([['constructor', '1'], ['__proto__', '2'], ['toString', '3']]));
    expect(Object.hasOwn(event.headers, '__proto__')).toBe(true);
    expect(event.headers.constructor).toBe('x');
    expect(Object.getPrototypeOf(event.headers)).toBe(Object.prototype);
  });

  it('takes cookies out of the headers, one entry each', () => {
    const event = functionUrlEvent({ method: 'GET', target: '/', headers: { cookie: ['a=1; b=2', 'c=3'], 'x-many': ['1', '2'] } });
    expect(event.cookies).toEqual(['a=1', 'b=2', 'c=3']);
    expect(event.headers).toEqual({ 'x-many': '1,2' });
  });
});

describe('the local URL', () => {
  it('gives the function the event a hand-built one would be, and so the same answer', async () => {
    const seen: { event: LambdaFunctionURLEvent; result: FunctionUrlResult }[] = [];
    const handler = searchOnlyHandler();
    const server = await serveFunctionUrl(async (event, context) => {
      const result = await handler(event, context);
      seen.push({ event, result });
      return result;
    }, { port: 0 });
    const requests: { method: string; target: string; headers: Record<string, string>; body?: string }[] = [
      { method: 'GET', target: '/knights?board=10110/01*11/10111/01001/00000&board=x&limit=8', headers: {} },
      { method: 'POST', target: '/eight', headers: { 'content-type': 'application/json' }, body: '{"from":"564178X23","to":"7568X4123"}' },
      { method: 'POST', target: '/eight', headers: { 'content-type': 'application/octet-stream' }, body: '{"from":"12X453786","to":"12345678X"}' },
      { method: 'POST', target: '/knights', headers: {}, body: '{"board":"10110/01*11/10111/01001/00000"}' },
      { method: 'POST', target: '/eight', headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '1\n12X453786\n12345678X\n' },
      { method: 'POST', target: '/eight', headers: { 'content-type': 'image/png' }, body: '\u00ff\u0000' },
      { method: 'GET', target: '/health?x=1&x=2', headers: { cookie: 'session=abc; theme=dark' } },
    ];
    try {
      for (const request of requests) {
        // raw bytes on the wire, so that the headers the local URL sees are exactly these
        const body = request.body ?? '';
        await rawRequest(server.url, `${request.method} ${request.target} HTTP/1.1`, body, request.headers);
        const local = seen.at(-1)!;
        const byHand = functionUrlEvent({
          ...request,
          headers: { host: '127.0.0.1', connection: 'close', 'content-length': String(Buffer.byteLength(body, 'latin1')), ...request.headers },
          body: Buffer.from(body, 'latin1'),
        });
        // all but what differs from one request to the next
        const perRequest = (event: LambdaFunctionURLEvent) => ({ ...event, requestContext: { ...event.requestContext, requestId: '', time: '', timeEpoch: 0, http: { ...event.requestContext.http, sourceIp: '' } } });
        expect(perRequest(local.event), `${request.method} ${request.target}`).toEqual(perRequest(byHand));
        // a function of its own, so that neither answer comes from the other's cache
        const again = await searchOnlyHandler()(byHand, lambdaContext());
        expect(again, `${request.method} ${request.target}`).toEqual(local.result);
      }
      expect(seen.map(({ result }) => result.statusCode)).toEqual([400, 200, 200, 200, 200, 400, 503]); // a repeated parameter refused; /health without a table: degraded
      expect(seen[6].event.cookies).toEqual(['session=abc', 'theme=dark']);
    } finally {
      await server.close();
    }
  });
});

describe('the local URL, asked one question written two ways', () => {
  it('answers each puzzle\'s example (npm run smoke\'s questions) alike, its query raw (* and / as typed) or encoded as a signature encodes it', async () => {
    const events: LambdaFunctionURLEvent[] = [];
    const handler = searchOnlyHandler();
    const server = await serveFunctionUrl(async (event, context) => (events.push(event), handler(event, context)), { port: 0 });
    try {
      const questions = await smokeQuestions();
      expect(questions.find((question) => question.puzzle === 'knights')).toEqual({
        puzzle: 'knights',
        raw: '/knights?board=10110/01*11/10111/01001/00000',
        encoded: '/knights?board=10110%2F01%2A11%2F10111%2F01001%2F00000',
      });
      for (const question of questions) {
        const answers: unknown[] = [];
        for (const target of [question.raw, question.encoded]) {
          // raw bytes on the wire: no client library re-encodes the query
          const reply = await rawRequest(server.url, `GET ${target} HTTP/1.1`);
          expect(reply.status, target).toBe(200);
          const { cached: _, ...answer } = JSON.parse(reply.text.slice(reply.text.indexOf('{'), reply.text.lastIndexOf('}') + 1));
          answers.push(answer);
        }
        const [raw, encoded] = events.slice(-2);
        expect([raw.rawQueryString, encoded.rawQueryString]).toEqual([question.raw.split('?')[1], question.encoded.split('?')[1]]); // each as it was sent
        expect(raw.queryStringParameters).toEqual(encoded.queryStringParameters);
        expect(answers[0], question.puzzle).toEqual(answers[1]);
      }
    } finally {
      await server.close();
    }
  });
});

describe('the local URL, for what Node refuses before the function runs', () => {
  it('answers a request line or headers too large with a 431 and the JSON sentence every other refusal has', async () => {
    const server = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
    try {
      const longLine = await rawRequest(server.url, `GET /knights?board=${'1'.repeat(maxHeaderSize + 10)} HTTP/1.1`);
      const longHeader = await rawRequest(server.url, 'GET /health HTTP/1.1', '', { 'x-padding': 'p'.repeat(maxHeaderSize + 10) });
      for (const reply of [longLine, longHeader]) {
        expect(reply.status).toBe(431);
        expect(reply.headers).toMatch(/^content-type: application\/json$/im);
        expect(JSON.parse(reply.text)).toEqual({ error: expect.stringMatching(/^The request line and headers are too large: together they may be at most \d+ bytes\./) });
      }
      // and the server goes on answering
      expect((await rawRequest(server.url, 'GET /eight?from=12X453786&to=12345678X HTTP/1.1')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('goes on answering when a client goes away in the middle of its body', async () => {
    const server = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
    try {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
        socket.on('error', reject);
        socket.write('POST /eight HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"from": "12X', () => {
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 50);
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await rawRequest(server.url, 'GET /eight?from=12X453786&to=12345678X HTTP/1.1')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers bytes that are not HTTP with a 400 and a JSON sentence', async () => {
    const server = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
    try {
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.end('HELLO THERE\r\n\r\n');
      });
      expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(reply).toMatch(/\r\ncontent-type: application\/json\r\n/);
      expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request is not well-formed HTTP.' });
    } finally {
      await server.close();
    }
  });
});
