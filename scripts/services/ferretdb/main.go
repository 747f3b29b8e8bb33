// Command ferretdb-sqlite runs FerretDB v1 (a MongoDB wire-protocol server) on a SQLite backend.
//
// FerretDB's own cmd/ferretdb panics when built from the module proxy (its version.txt is generated
// at release time and missing from the module), so this program embeds the library package instead.
//
// Usage: ferretdb-sqlite -listen 127.0.0.1:27017 -sqlite-dir /path/to/dir
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("sqlite-dir", "data", "directory holding one SQLite file per database")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	absDir, err := filepath.Abs(*dir)
	if err != nil {
		fail(err)
	}
	if err := os.MkdirAll(absDir, 0o755); err != nil {
		fail(err)
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail(err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + absDir + "/",
	})
	if err != nil {
		fail(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	logger.Warn("ferretdb listening", "uri", "mongodb://"+*listen+"/", "sqlite", absDir)
	if err := f.Run(ctx); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "ferretdb-sqlite:", err)
	os.Exit(1)
}
