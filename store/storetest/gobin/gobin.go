// Package gobin finds, or installs with `go install`, the servers the tests
// start themselves (stripe-mock, versitygw), and picks free loopback ports
// for them.
package gobin

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Binary returns the path of command name: on PATH, else in GOBIN (or
// GOPATH/bin), else installed there with `go install pkg@version`.
func Binary(name, pkg, version string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	gobin := os.Getenv("GOBIN")
	if gobin == "" {
		out, err := exec.Command("go", "env", "GOPATH").Output()
		if err != nil {
			return "", fmt.Errorf("go env GOPATH: %w", err)
		}
		gobin = filepath.Join(strings.TrimSpace(string(out)), "bin")
	}
	p := filepath.Join(gobin, name)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	cmd := exec.Command("go", "install", pkg+"@"+version)
	cmd.Dir = os.TempDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install %s: %v: %s", name, err, out)
	}
	return p, nil
}

// FreeAddr returns a loopback address with a port nothing listens on.
func FreeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "127.0.0.1:0"
	}
	defer l.Close()
	return l.Addr().String()
}
