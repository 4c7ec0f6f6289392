package store

import (
	"encoding/json"
	"sync"
)

// resultsCacheBytes bounds the answers a process keeps (a 1,000-creator
// campaign's results are about 1.5 MB).
const resultsCacheBytes = 64 << 20

// resultsCache keeps each campaign's last computed results (fees shown or
// not) with the campaign's results version they were computed at; an answer
// is used again only while the version is unchanged (the version moves in
// the same transaction as any row the results read, see
// campaign_results_versions).
type resultsCache struct {
	mu    sync.Mutex
	m     map[resultsKey]resultsEntry
	bytes int
}

type resultsKey struct {
	campaign string
	fees     bool
}

type resultsEntry struct {
	version int64
	body    json.RawMessage
}

// get returns the answer kept for k at version, if any.
func (c *resultsCache) get(k resultsKey, version int64) (json.RawMessage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok || e.version != version {
		return nil, false
	}
	return e.body, true
}

// put keeps body as k's answer at version, dropping other answers (any) to
// stay under resultsCacheBytes.
func (c *resultsCache) put(k resultsKey, version int64, body json.RawMessage) {
	if len(body) > resultsCacheBytes/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[resultsKey]resultsEntry{}
	}
	if old, ok := c.m[k]; ok {
		c.bytes -= len(old.body)
		delete(c.m, k)
	}
	for key, e := range c.m {
		if c.bytes+len(body) <= resultsCacheBytes {
			break
		}
		c.bytes -= len(e.body)
		delete(c.m, key)
	}
	c.m[k] = resultsEntry{version: version, body: body}
	c.bytes += len(body)
}
