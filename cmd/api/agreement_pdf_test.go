package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"creatorcoach/jobs/agreementpdf"
	"creatorcoach/store"
)

// verifyUpload posts data as the PDF to check, logged out.
func (e *env) verifyUpload(data []byte) resp {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "agreement.pdf")
	fw.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/verify", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out := resp{Status: res.StatusCode, Header: res.Header}
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// signedOffer sends the fixture's offer, marks it accepted and draws its
// signed PDF as the signing would; it returns the PDF record.
func (e *env) signedOffer(f offerFixture) *store.AgreementPDF {
	e.t.Helper()
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	if _, err := e.db.SQL().Exec(`UPDATE roster_entries SET offer_status = 'accepted' WHERE id = $1`, f.entry); err != nil {
		e.t.Fatal(err)
	}
	vs, err := e.db.AgreementVersions(context.Background(), f.entry)
	if err != nil || len(vs) == 0 {
		e.t.Fatalf("versions %v, %v", vs, err)
	}
	at := e.clock.Now().UTC()
	p, err := e.jobs.RenderSignedAgreement(context.Background(), f.entry, vs[len(vs)-1].ID, at, []agreementpdf.Signature{
		{Name: "Jürgen Weiß", Role: "Brand", At: at}, {Name: "Zoë Łukasiewicz", Role: "Creator", At: at}})
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// TestAgreementPDF_DownloadAndVerify: both sides (and an ADMIN) get a signed
// link to the signed PDF and download the stored bytes; another brand or
// creator gets a 404. Logged out, /verify accepts the real PDF (version,
// signers' names, no e-mail), calls a copy with one changed byte altered,
// another PDF unknown, finds the agreement by its text's SHA-256 and
// refuses a malformed hash with 422.
func TestAgreementPDF_DownloadAndVerify(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("nordlicht.example")
	other := e.linkedOffer("other.example")
	admin := e.account("admin@cc.example", store.RoleAdmin)

	e.want(e.call("GET", "/api/offers/"+f.entry+"/agreement/pdf", f.creator, nil), http.StatusNotFound) // not signed yet
	rec := e.signedOffer(f)

	var pdf []byte
	for _, tok := range []string{f.creator, f.brand, admin} {
		r := e.want(e.call("GET", "/api/offers/"+f.entry+"/agreement/pdf", tok, nil), http.StatusOK)
		if r.str("data", "pdf", "sha256") != hex.EncodeToString(rec.SHA256) {
			t.Fatalf("link %v", r.Body)
		}
		status, h, body := e.fetch(r.str("data", "pdf", "url"))
		if status != http.StatusOK || h.Get("Content-Type") != "application/pdf" {
			t.Fatalf("download %d %v", status, h)
		}
		if sum := sha256.Sum256(body); !bytes.Equal(sum[:], rec.SHA256) {
			t.Fatal("downloaded PDF's SHA-256 is not the stored one")
		}
		pdf = body
	}
	for _, tok := range []string{other.brand, other.creator} {
		e.want(e.call("GET", "/api/offers/"+f.entry+"/agreement/pdf", tok, nil), http.StatusNotFound)
	}
	link := e.want(e.call("GET", "/api/offers/"+f.entry+"/agreement/pdf", f.creator, nil), http.StatusOK).str("data", "pdf", "url")
	if status, _, _ := e.fetch(strings.Replace(link, "sig=", "sig=x", 1)); status != http.StatusForbidden {
		t.Errorf("forged link: %d", status)
	}

	r := e.want(e.verifyUpload(pdf), http.StatusOK)
	v := r.data()["verify"].(map[string]any)
	signers, _ := json.Marshal(v["signers"])
	if v["result"] != "signed" || v["version"] != float64(rec.Version) || !strings.Contains(string(signers), "Zoë Łukasiewicz") ||
		!strings.Contains(string(signers), "Jürgen Weiß") {
		t.Fatalf("verify real PDF: %v", v)
	}
	if raw, _ := json.Marshal(r.Body); bytes.Contains(raw, []byte("@")) || bytes.Contains(raw, []byte("203.0.113")) {
		t.Errorf("verify shows an e-mail or IP: %s", raw)
	}
	changed := bytes.Clone(pdf)
	changed[len(changed)/2] ^= 0x01
	if v := e.want(e.verifyUpload(changed), http.StatusOK).data()["verify"].(map[string]any); v["result"] != "altered" || v["version"] != nil {
		t.Fatalf("verify changed byte: %v", v)
	}
	if v := e.want(e.verifyUpload([]byte("%PDF-1.4\nnot ours\n%%EOF")), http.StatusOK).data()["verify"].(map[string]any); v["result"] != "unknown" {
		t.Fatalf("verify other PDF: %v", v)
	}
	if v := e.want(e.call("POST", "/api/verify", "", map[string]any{"sha256": hex.EncodeToString(rec.TextSHA256)}), http.StatusOK).data()["verify"].(map[string]any); v["result"] != "signed" {
		t.Fatalf("verify text hash: %v", v)
	}
	if r := e.want(e.call("POST", "/api/verify", "", map[string]any{"sha256": "abc"}), http.StatusUnprocessableEntity); r.field("sha256") == "" {
		t.Fatalf("bad hash: %v", r.Body)
	}
	if r := e.want(e.verifyUpload([]byte("plain text")), http.StatusUnprocessableEntity); r.field("file") == "" {
		t.Fatalf("not a PDF: %v", r.Body)
	}
}
