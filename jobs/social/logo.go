package social

import (
	"embed"
	"io/fs"
)

//go:embed logos/*.svg
var logos embed.FS

// Logo returns the platform's logo as SVG, or nil for an unknown platform.
func Logo(platform string) []byte {
	b, err := fs.ReadFile(logos, "logos/"+platform+".svg")
	if err != nil {
		return nil
	}
	return b
}
