#!/usr/bin/env node
import { setFlagsFromString } from "node:v8"

/*
 * V8's allocation-site pretenuring is off for the server. Loading the contract
 * and the layers creates tens of thousands of long-lived objects at module
 * level, through the same functions that every request later allocates with;
 * V8 then decides those allocation sites make long-lived objects and places
 * what they allocate in the old generation. A request's short-lived objects
 * landing there keep the young objects they point to alive through each
 * scavenge (a dead old object is only found by a full collection), so whole
 * requests were promoted: 4 to 8 kB a request, scavenges three times as long,
 * the old generation refilled every few seconds. With pretenuring off a
 * request's objects die young, as on a server without the contract loaded
 * (docs/decisions/performance.md, "The cost today"). Set before any module
 * is loaded, so no decision is ever made.
 */
setFlagsFromString("--no-allocation-site-pretenuring")

await import("./serve.js")
