package app

import (
	"bufio"
	"log/slog"
	"os"
	"sync"
	"time"
)

// Logger is the process logger: JSON lines in production, text otherwise.
func (c Config) Logger() *slog.Logger {
	if c.Production() {
		return slog.New(slog.NewJSONHandler(stdoutLog, nil))
	}
	return slog.New(slog.NewTextHandler(stdoutLog, nil))
}

// stdoutLog buffers log lines and writes them out every 100 ms (or when 64
// KB have gathered): one write per request would be a system call on the
// hot path of every API call. FlushLogs writes what is left at exit.
var stdoutLog = newLogWriter(os.Stdout)

// FlushLogs writes out buffered log lines; processes call it before exiting.
func FlushLogs() {
	stdoutLog.mu.Lock()
	defer stdoutLog.mu.Unlock()
	_ = stdoutLog.w.Flush()
}

type logWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func newLogWriter(f *os.File) *logWriter {
	l := &logWriter{w: bufio.NewWriterSize(f, 64<<10)}
	go func() {
		for range time.Tick(100 * time.Millisecond) {
			l.mu.Lock()
			_ = l.w.Flush()
			l.mu.Unlock()
		}
	}()
	return l
}

func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
