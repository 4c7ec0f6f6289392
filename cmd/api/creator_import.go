package main

import (
	"bytes"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// Roster file upload limits and messages, word for word as the browser shows them.
const (
	maxRosterFile     = 10 << 20 // a file of this size or more is refused
	msgRosterFileType = "Please select a CSV, JSON, or Excel file."
	msgRosterFileSize = "File size must be less than 10MB."
)

// creatorImportRoutes registers the creator import and its row-error download.
func (s *server) creatorImportRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(store.RoleAdmin)).Post("/upload-creators", s.uploadCreators)
	signedIn.With(s.allow(allRoles...)).Get("/jobs/{id}/errors", s.creatorImportErrors)
}

// rosterFileDir is where uploaded rosters are stored (jobs.RosterFileDir), made.
func (s *server) rosterFileDir() (string, error) {
	dir := jobs.RosterFileDir(s.cfg.DataPath())
	return dir, os.MkdirAll(dir, 0o750)
}

// uploadCreators answers POST /api/upload-creators (multipart field file):
// it checks and stores the file, then creates the import job and its task in
// one transaction and answers 202 with the job.
func (s *server) uploadCreators(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxRosterFile+1<<20)
	dir, err := s.rosterFileDir()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	tmp, ext, err := receiveRoster(r, dir)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var final string
	var renameErr error
	job, err := s.store.CreateJob(r.Context(), store.JobKindCreatorImport, currentUser(r).ID, func(jobID string) store.Task {
		// Renamed inside the transaction: the file has its final name before the task can run.
		format := strings.TrimPrefix(ext, ".")
		final = jobs.RosterFilePath(s.cfg.DataPath(), jobID, format)
		renameErr = os.Rename(tmp, final)
		return jobs.NewCreatorImportTask(jobID, format)
	})
	if err == nil {
		err = renameErr
	}
	if err != nil {
		os.Remove(tmp)
		if final != "" {
			os.Remove(final)
		}
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusAccepted, map[string]any{"job": job})
}

func fileErr(code, msg string) error {
	return &store.Error{Code: code, Message: msg, Fields: map[string]string{"file": msg}}
}

// receiveRoster streams the multipart field "file" into a temporary file in
// dir after checking its extension, size and content. It returns the
// temporary path and the lower-cased extension.
func receiveRoster(r *http.Request, dir string) (string, string, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return "", "", fileErr(store.EINVALID, msgRosterFileType)
	}
	for {
		part, err := mr.NextPart()
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return "", "", fileErr(store.ETOOLARGE, msgRosterFileSize)
		case err != nil:
			return "", "", fileErr(store.EINVALID, msgRosterFileType)
		case part.FormName() != "file":
			continue
		}
		ext := strings.ToLower(filepath.Ext(part.FileName()))
		if ext != ".csv" && ext != ".json" && ext != ".xlsx" {
			return "", "", fileErr(store.EINVALID, msgRosterFileType)
		}
		return saveRosterPart(part, dir, ext)
	}
}

func saveRosterPart(part *multipart.Part, dir, ext string) (string, string, error) {
	head := make([]byte, 512)
	n, err := io.ReadFull(part, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", "", rosterReadErr(err)
	}
	head = head[:n]
	if !sniffRoster(head, ext) {
		return "", "", fileErr(store.EINVALID, msgRosterFileType)
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	path := filepath.Join(dir, ".upload-"+hex.EncodeToString(rnd[:])+ext)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o640)
	if err != nil {
		return "", "", err
	}
	written, err := io.Copy(f, io.LimitReader(io.MultiReader(bytes.NewReader(head), part), maxRosterFile))
	if err == nil && written == maxRosterFile {
		err = fileErr(store.ETOOLARGE, msgRosterFileSize) // the limit itself is "10 MB or more"
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return "", "", rosterReadErr(err)
	}
	return path, ext, nil
}

func rosterReadErr(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return fileErr(store.ETOOLARGE, msgRosterFileSize)
	}
	return err
}

// sniffRoster checks a file's first bytes against its extension: a zip
// archive for .xlsx; UTF-8 text for .csv; text starting with [ or { for .json.
func sniffRoster(head []byte, ext string) bool {
	if len(head) == 0 {
		return false
	}
	if ext == ".xlsx" {
		return bytes.HasPrefix(head, []byte("PK\x03\x04"))
	}
	if bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(trimPartialRune(head)) {
		return false
	}
	if ext == ".json" {
		t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
		return len(t) > 0 && (t[0] == '[' || t[0] == '{')
	}
	return true
}

// trimPartialRune drops a multi-byte rune cut off at the end of b.
func trimPartialRune(b []byte) []byte {
	for i := 1; i < utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			break
		}
	}
	return b
}

// creatorImportErrors answers GET /api/jobs/{id}/errors with the row errors of an
// import, for the job's owner or an ADMIN: as a CSV download (columns row,
// column, message) for people, or with format=json as a page
// {"errors": [{"row", "column", "message"}], "total", "page", "limit"}.
func (s *server) creatorImportErrors(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	p := newQueryParams(r)
	switch p.q.Get("format") {
	case "", "csv":
	case "json":
		page, limit := p.paging()
		if err := p.errs.Err(); err != nil {
			s.writeError(w, r, err)
			return
		}
		list, err := s.store.CreatorImportErrorPage(r.Context(), id, currentUser(r), page, limit)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		respondPage(w, "errors", list, page, limit)
		return
	default:
		s.writeError(w, r, store.FieldErrors{"format": "Must be csv or json"}.Err())
		return
	}
	errs, err := s.store.CreatorImportErrors(r.Context(), id, currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="roster-errors-`+id+`.csv"`)
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"row", "column", "message"})
	for _, e := range errs {
		_ = cw.Write([]string{strconv.Itoa(e.Row), csvCell(e.Column), csvCell(e.Message)})
	}
	cw.Flush()
}

// csvCell neutralises text a spreadsheet would run as a formula (a cell
// starting with = + - @, a tab or a carriage return): it is prefixed with a
// single quote, so the cell shows as text.
func csvCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
