package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"creatorcoach/jobs"
	"creatorcoach/store"
	"creatorcoach/store/blob"
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

// uploadCreators answers POST /api/upload-creators (multipart field file):
// it checks and stores the file (an object under a temporary key), then
// creates the import job and its task in one transaction, in which the
// object takes its final key, and answers 202 with the job. 503 when the
// object store cannot be reached; the job is then not recorded.
func (s *server) uploadCreators(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxRosterFile+1<<20)
	blobs := s.blobStore()
	tmp, ext, err := receiveRoster(r, blobs)
	if err != nil {
		s.writeError(w, r, storageError(err))
		return
	}
	var final string
	job, err := s.store.CreateJobWith(r.Context(), store.JobKindCreatorImport, currentUser(r).ID, func(jobID string) (store.Task, error) {
		// Renamed inside the transaction: the file has its final name before
		// the task can run, and a failed rename records no job.
		format := strings.TrimPrefix(ext, ".")
		final = jobs.RosterFileKey(jobID, format)
		if err := blobs.Rename(r.Context(), tmp, final); err != nil {
			return store.Task{}, err
		}
		return jobs.NewCreatorImportTask(jobID, format), nil
	})
	if err != nil {
		ctx := context.WithoutCancel(r.Context())
		_ = blobs.Remove(ctx, tmp)
		if final != "" {
			_ = blobs.Remove(ctx, final)
		}
		s.writeError(w, r, storageError(err))
		return
	}
	respond(w, http.StatusAccepted, map[string]any{"job": job})
}

func fileErr(code, msg string) error {
	return &store.Error{Code: code, Message: msg, Fields: map[string]string{"file": msg}}
}

// receiveRoster streams the multipart field "file" into a temporary object
// of blobs (jobs.RosterFilePrefix + ".upload-…") after checking its
// extension, size and content. It returns the temporary key and the
// lower-cased extension.
func receiveRoster(r *http.Request, blobs blob.Store) (string, string, error) {
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
		return saveRosterPart(r.Context(), part, blobs, ext)
	}
}

func saveRosterPart(ctx context.Context, part *multipart.Part, blobs blob.Store, ext string) (string, string, error) {
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
	key := jobs.RosterFilePrefix + ".upload-" + hex.EncodeToString(rnd[:]) + ext
	// the limit itself is "10 MB or more": the stream fails at maxRosterFile bytes
	capped := &capReader{r: io.MultiReader(bytes.NewReader(head), part), max: maxRosterFile - 1,
		err: fileErr(store.ETOOLARGE, msgRosterFileSize)}
	_, err = blobs.Put(ctx, key, capped)
	if capped.over {
		err = capped.err
	}
	if err != nil {
		_ = blobs.Remove(context.WithoutCancel(ctx), key) // nothing is left by a failed Put; this is for safety
		return "", "", rosterReadErr(err)
	}
	return key, ext, nil
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
