// Package haproxy renders the HAProxy configuration that the fault suite's
// cluster scenario (ops/faults) and the capacity benchmark (ops/bench/load)
// put in front of api processes; docs/operations.md shows the same for a
// deployment.
package haproxy

import (
	"bytes"
	"text/template"
)

// Server is an api process behind HAProxy.
type Server struct{ Name, Addr string }

// Options says where HAProxy listens and what it balances.
type Options struct {
	Addr  string   // the front end, host:port
	APIs  []Server // the api processes
	Pin   bool     // a request may name its api in X-Api-Node; every answer says in X-Api-Node which api gave it
	Stats string   // where the stats page listens (/stats); "" for none
}

// config: round robin over the apis, health checks on /readyz, a failed
// connection retried on another api, and an idempotent request (GET, HEAD,
// PUT, DELETE, OPTIONS) also retried there when its api closed the
// connection without answering. A check may take 2 s: an api at its
// limit answers /readyz late while it sheds load with 503s of its own, and
// taking it out would send its share to the others (or, alone, leave
// nothing); a dead api refuses the connection and fails its checks at once.
var config = template.Must(template.New("haproxy").Parse(`global
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-keep-alive 30s
    timeout queue 10s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout

frontend www
    bind {{.Addr}}
    option forwardfor
    http-request disable-l7-retry unless METH_GET || METH_OPTIONS || { method PUT DELETE }
    default_backend api

backend api
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    timeout check 2s
    default-server inter 500ms fastinter 250ms fall 2 rise 2
{{- if .Pin}}
{{- range .APIs}}
    use-server {{.Name}} if { req.hdr(X-Api-Node) -m str {{.Name}} }
{{- end}}
    http-response set-header X-Api-Node %s
{{- end}}
{{- range .APIs}}
    server {{.Name}} {{.Addr}} check
{{- end}}
{{- if .Stats}}

listen stats
    bind {{.Stats}}
    stats enable
    stats uri /stats
{{- end}}
`))

// Config renders the configuration of o.
func Config(o Options) ([]byte, error) {
	var b bytes.Buffer
	if err := config.Execute(&b, o); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
