// node:http as the function's bundle gives it to the code it carries (the bundling's alias, in
// lib/tablebase-function.ts): required, not imported. The AWS SDK's HTTP handler imports node:http
// dynamically for a plain-http endpoint (dynalite, locally), and Node then builds node:http's ES
// module face, which reads every export: the WebSocket, CloseEvent and MessageEvent getters load
// Node's whole fetch implementation, tens of milliseconds of a cold start (70 ms measured here).
// Required, node:http costs what it costs any CommonJS caller. (Over https, DynamoDB's endpoint on
// AWS, the handler never imports node:http: this is for local runs, which then start as on AWS.)
module.exports = require('http');
