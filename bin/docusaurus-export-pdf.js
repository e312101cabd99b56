#!/usr/bin/env node
// Committed so npm can link the bin before lib/ is built.
require('../lib/server/cli.js');
