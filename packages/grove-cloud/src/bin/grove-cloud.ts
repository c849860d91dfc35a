#!/usr/bin/env node
// The grove-cloud command (built by helpers: see src/commands).
