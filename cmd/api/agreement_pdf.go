package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/jobs/agreementpdf"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// Verify's limits: a PDF upload is read whole (to hash it), so it is capped;
// the public call is limited per client network like the other public calls.
const maxVerifyUpload = 5 << 20

var limitVerifyPerIP = redis_rate.PerMinute(20)

// The verify outcomes.
const (
	verifySigned  = "signed"  // an agreement this product signed, unchanged
	verifyAltered = "altered" // names an agreement of ours, but its bytes differ from the signed PDF
	verifyUnknown = "unknown" // not an agreement this product signed
)

// agreementPDFRoutes registers the signed PDF's link and download and the
// public verify call.
func (s *server) agreementPDFRoutes(public, signedIn chi.Router) {
	signedIn.With(s.allow(store.RoleUser, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer, store.RoleAdmin)).
		Get("/offers/{id}/agreement/pdf", s.agreementPDFLink)
	public.Get("/agreements/pdf/{id}", s.downloadAgreementPDF)
	public.Post("/verify", s.verifyAgreement)
}

type agreementPDFOut struct {
	URL        string                  `json:"url"`
	ExpiresAt  time.Time               `json:"expiresAt"`
	SHA256     string                  `json:"sha256"`
	TextSHA256 string                  `json:"textSha256"`
	Version    int                     `json:"version"`
	SignedAt   time.Time               `json:"signedAt"`
	Signers    []store.AgreementSigner `json:"signers"`
}

// agreementPDFLink is GET /api/offers/{id}/agreement/pdf: a signed link to
// the offer's signed agreement PDF, for its creator, its brand's team and an
// ADMIN (404 for anyone else's offer or one not signed yet).
func (s *server) agreementPDFLink(w http.ResponseWriter, r *http.Request) {
	p, err := s.store.AgreementPDFFor(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	exp := s.store.Now().Add(fileLinkTTL)
	url := "/api/agreements/pdf/" + p.ID + "?expires=" + strconv.FormatInt(exp.Unix(), 10) + "&sig=" + s.fileSignature("agreement:"+p.ID, exp.Unix())
	writeJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"pdf": agreementPDFOut{URL: url, ExpiresAt: exp.UTC(),
		SHA256: hex.EncodeToString(p.SHA256), TextSHA256: hex.EncodeToString(p.TextSHA256), Version: p.Version,
		SignedAt: p.SignedAt.UTC(), Signers: p.Signers}}})
}

// downloadAgreementPDF is GET /api/agreements/pdf/{id}?expires=&sig=: the
// PDF behind a valid, unexpired signed link (403 otherwise).
func (s *server) downloadAgreementPDF(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	exp, err := strconv.ParseInt(r.URL.Query().Get("expires"), 10, 64)
	now := s.store.Now().Unix()
	if err != nil || !hmac.Equal([]byte(r.URL.Query().Get("sig")), []byte(s.fileSignature("agreement:"+id, exp))) || now > exp {
		s.writeError(w, r, errBadLink)
		return
	}
	p, err := s.store.AgreementPDFByID(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	f, _, err := s.blobStore().Open(r.Context(), p.BlobKey)
	if blob.Unavailable(err) {
		s.writeError(w, r, storageError(err))
		return
	}
	if err != nil {
		s.writeError(w, r, store.Errorf(store.ENOTFOUND, "No signed agreement"))
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": "agreement-v" + strconv.Itoa(p.Version) + ".pdf"}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, max-age="+strconv.FormatInt(exp-now, 10))
	http.ServeContent(w, r, "", p.SignedAt, f)
}

type verifyOut struct {
	Result          string                  `json:"result"`
	Message         string                  `json:"message"`
	SHA256          string                  `json:"sha256"`
	Version         *int                    `json:"version"`
	TemplateVersion *string                 `json:"templateVersion"`
	SignedAt        *time.Time              `json:"signedAt"`
	Signers         []store.AgreementSigner `json:"signers"`
}

// verifyAgreement is POST /api/verify, public: a PDF upload (multipart
// field "file") or {"sha256": hex} of the PDF or of the agreement's text.
// It answers whether it is an agreement this product signed (which version,
// when, by whom: names and roles only), one of ours whose bytes were
// altered, or unknown.
func (s *server) verifyAgreement(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, rateKey{"verify:ip:" + clientNet(r), limitVerifyPerIP}) {
		return
	}
	ctx := r.Context()
	var sum []byte
	var named string // the text SHA-256 an uploaded PDF names in its keywords
	ctype, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ctype == "multipart/form-data" {
		r.Body = http.MaxBytesReader(w, r.Body, maxVerifyUpload+64<<10)
		part, err := filePart(r)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		raw, err := io.ReadAll(io.LimitReader(part, maxVerifyUpload+1))
		part.Close()
		if err != nil {
			s.writeError(w, r, uploadError(err))
			return
		}
		if len(raw) > maxVerifyUpload {
			s.writeError(w, r, errFileTooLarge)
			return
		}
		if !bytes.HasPrefix(raw, []byte("%PDF-")) {
			s.writeError(w, r, store.FieldErrors{"file": "Choose the agreement's PDF file."}.Err())
			return
		}
		h := sha256.Sum256(raw)
		sum = h[:]
		named = pdfNamedHash(raw)
	} else {
		var in struct {
			SHA256 string `json:"sha256"`
		}
		if !s.decode(w, r, &in) {
			return
		}
		b, err := hex.DecodeString(strings.ToLower(strings.TrimSpace(in.SHA256)))
		if err != nil || len(b) != sha256.Size {
			s.writeError(w, r, store.FieldErrors{"sha256": "Enter a SHA-256: 64 hexadecimal characters."}.Err())
			return
		}
		sum = b
	}
	out := verifyOut{Result: verifyUnknown, SHA256: hex.EncodeToString(sum), Signers: []store.AgreementSigner{},
		Message: "Unknown: this is not an agreement signed with this product."}
	p, err := s.store.AgreementPDFBySHA256(ctx, sum)
	if store.ErrorCode(err) == store.ENOTFOUND && named == "" {
		p, err = s.store.AgreementPDFByTextSHA256(ctx, sum)
	}
	switch {
	case err == nil:
		out.Result, out.Message = verifySigned, "Signed: this agreement was signed with this product and is unchanged."
		out.Version, out.TemplateVersion, out.SignedAt, out.Signers = &p.Version, &p.TemplateVersion, &p.SignedAt, p.Signers
	case store.ErrorCode(err) != store.ENOTFOUND:
		s.writeError(w, r, err)
		return
	case named != "":
		if b, decErr := hex.DecodeString(named); decErr == nil {
			if _, err := s.store.AgreementPDFByTextSHA256(ctx, b); err == nil {
				out.Result, out.Message = verifyAltered, "Altered: this file names an agreement signed with this product, but it is not the signed PDF. Ask for the original."
			} else if store.ErrorCode(err) != store.ENOTFOUND {
				s.writeError(w, r, err)
				return
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"verify": out}})
}

// pdfNamedHash is the agreement text's SHA-256 a PDF names in its keywords
// (agreementpdf.Keyword), or "".
func pdfNamedHash(raw []byte) string {
	i := bytes.Index(raw, []byte(agreementpdf.Keyword))
	if i < 0 {
		return ""
	}
	rest := raw[i+len(agreementpdf.Keyword):]
	if len(rest) < 64 {
		return ""
	}
	h := string(rest[:64])
	if _, err := hex.DecodeString(h); err != nil {
		return ""
	}
	return h
}
