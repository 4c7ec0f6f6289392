package pdffont

import (
	"fmt"
	"os"
	"os/exec"
)

// Text reads a PDF's text back with pdftotext (Debian's poppler-utils, which
// ops/services.sh installs): tests check what a PDF prints with it.
func Text(pdf []byte) (string, error) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		return "", fmt.Errorf("pdftotext not found (install poppler-utils; ops/services.sh does): %w", err)
	}
	f, err := os.CreateTemp("", "pdftext-*.pdf")
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(pdf); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	out, err := exec.Command(bin, "-enc", "UTF-8", f.Name(), "-").Output()
	if err != nil {
		return "", fmt.Errorf("pdftotext: %w", err)
	}
	return string(out), nil
}
