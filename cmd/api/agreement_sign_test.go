package main

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"testing"
	"time"

	"creatorcoach/jobs"
	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// agreementOf reads offer entry's agreement as token.
func (e *env) agreementOf(entry, token string) map[string]any {
	e.t.Helper()
	return e.want(e.call("GET", "/api/offers/"+entry+"/agreement", token, nil), http.StatusOK).data()["agreement"].(map[string]any)
}

func strs(v any) []string {
	out := []string{}
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestAgreementSign_Roles: signing is accepting. A plain accept is refused;
// a BRAND_VIEWER reads but never signs (403), as the ADMIN; another creator
// and another brand get 404s; a wrong code is a 422 with the one-time
// code's message, an old version a 409, a second signature a 409. The
// creator's signature alone leaves the offer sent with the brand missing;
// the brand's completes it: accepted in the same transaction, with the
// signed PDF's task in the outbox and every event in an intact audit log.
func TestAgreementSign_Roles(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	f := e.linkedOffer("sign.io")
	viewer := e.brandAccount("viewer@sign.io", store.RoleBrandViewer, "Brand sign.io")
	otherCreator := e.account("other@sign.io", store.RoleUser)
	otherBrand := e.brandAccount("owner@else.io", store.RoleBrandAdmin, "Brand else.io")
	admin := e.account("admin@sign.io", store.RoleAdmin)
	base := "/api/offers/" + f.entry + "/agreement"

	e.want(e.call("GET", base, f.creator, nil), http.StatusNotFound) // a draft is not the creator's yet
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	version := e.currentVersion(f.entry)

	a := e.agreementOf(f.entry, f.creator)
	if a["offerStatus"] != "sent" || a["currentVersionId"] != version || len(a["versions"].([]any)) != 1 ||
		!slices.Equal(strs(a["required"]), []string{"brand", "creator"}) || !slices.Equal(strs(a["missing"]), []string{"brand", "creator"}) ||
		a["canSign"] != true || a["pdfReady"] != false || a["guardian"] != nil {
		t.Fatalf("creator's agreement: %v", a)
	}
	v1 := a["versions"].([]any)[0].(map[string]any)
	if v1["number"].(float64) != 1 || v1["createdBy"].(map[string]any)["side"] != "brand" || v1["textSha256"] == "" ||
		v1["terms"].(map[string]any)["amountCents"].(float64) != 50000 {
		t.Errorf("version 1: %v", v1)
	}
	if a := e.agreementOf(f.entry, viewer); a["canSign"] != false {
		t.Errorf("viewer may sign: %v", a)
	}
	if a := e.agreementOf(f.entry, admin); a["canSign"] != false {
		t.Errorf("admin may sign: %v", a)
	}
	for _, tok := range []string{otherCreator, otherBrand} {
		e.want(e.call("GET", base, tok, nil), http.StatusNotFound)
		e.want(e.call("GET", base+"/events", tok, nil), http.StatusNotFound)
		e.want(e.call("POST", base+"/code", tok, nil), http.StatusNotFound)
		e.want(e.call("POST", base+"/sign", tok, map[string]any{"versionId": version, "fullName": "X", "code": "123456", "consent": true}), http.StatusNotFound)
	}
	for _, tok := range []string{viewer, admin} {
		e.want(e.call("POST", base+"/code", tok, nil), http.StatusForbidden)
		e.want(e.call("POST", base+"/sign", tok, map[string]any{"versionId": version, "fullName": "X", "code": "123456", "consent": true}), http.StatusForbidden)
	}

	// Accepting without signing is refused, for every side.
	if r := e.want(e.call("POST", "/api/offers/"+f.entry+"/accept", f.creator, nil), http.StatusConflict); r.str("message") != store.MsgAgreementSignToAccept {
		t.Errorf("plain accept: %v", r.Body)
	}
	ch := []any{map[string]any{"entryId": f.entry, "status": "accepted"}}
	if r := e.want(e.call("PATCH", "/api/admins/campaign/update-offer", admin, map[string]any{"campaignId": f.campaign, "entries": ch}), http.StatusConflict); r.str("message") != store.MsgAgreementSignToAccept {
		t.Errorf("admin's plain accept: %v", r.Body)
	}

	// Bad input: no consent, no name; a wrong code; an old version.
	code := e.signingCode(f.entry, f.creator)
	r := e.want(e.call("POST", base+"/sign", f.creator, map[string]any{"versionId": version, "fullName": " ", "code": code, "consent": false}), http.StatusUnprocessableEntity)
	if r.field("consent") != store.MsgAgreementConsent || r.field("fullName") != store.MsgAgreementFullName {
		t.Errorf("missing consent and name: %v", r.Body)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	r = e.want(e.call("POST", base+"/sign", f.creator, map[string]any{"versionId": version, "fullName": "Ann Creator", "code": wrong, "consent": true}), http.StatusUnprocessableEntity)
	if r.str("message") != "Invalid or expired code. Please request a new one." {
		t.Errorf("wrong code: %v", r.Body)
	}
	r = e.want(e.call("POST", base+"/sign", f.creator, map[string]any{"versionId": "00000000-0000-0000-0000-000000000000", "fullName": "Ann Creator", "code": code, "consent": true}), http.StatusConflict)
	if r.str("message") != store.MsgAgreementChanged {
		t.Errorf("old version: %v", r.Body)
	}

	// The creator signs: the offer stays sent, the brand's signature is missing.
	r = e.want(e.call("POST", base+"/sign", f.creator, map[string]any{"versionId": version, "fullName": "Zoë Łukasiewicz", "code": code, "consent": true}), http.StatusOK)
	a = r.data()["agreement"].(map[string]any)
	if a["offerStatus"] != "sent" || !slices.Equal(strs(a["missing"]), []string{"brand"}) || a["canSign"] != false || len(a["signatures"].([]any)) != 1 {
		t.Fatalf("after the creator's signature: %v", a)
	}
	if s := a["signatures"].([]any)[0].(map[string]any); s["side"] != "creator" || s["name"] != "Zoë Łukasiewicz" || s["role"] != "USER" || s["versionId"] != version {
		t.Errorf("signature: %v", s)
	}
	storetest.RequireNotInserted(t, e.db, jobs.TypeAgreementPDF, nil)
	if r := e.want(e.call("POST", base+"/code", f.creator, nil), http.StatusConflict); r.str("message") != store.MsgAgreementSignedAgain {
		t.Errorf("code after signing: %v", r.Body)
	}
	var meta struct {
		IP, UA string
		SHA    []byte
	}
	if err := e.db.SQL().QueryRow(`SELECT s.ip, s.user_agent, s.text_sha256 FROM agreement_signatures s WHERE s.version_id = $1`, version).
		Scan(&meta.IP, &meta.UA, &meta.SHA); err != nil || meta.IP == "" || meta.UA == "" || len(meta.SHA) != 32 {
		t.Errorf("signature record: %+v %v", meta, err)
	}

	// The brand signs last: accepted now, the PDF queued with both signatures.
	r = e.want(e.sign(f.entry, f.brand, nil), http.StatusOK)
	a = r.data()["agreement"].(map[string]any)
	if a["offerStatus"] != "accepted" || len(strs(a["missing"])) != 0 || e.offerStatus(f.entry) != "accepted" {
		t.Fatalf("after both signatures: %v", a)
	}
	task := storetest.RequireInserted(t, e.db, jobs.TypeAgreementPDF, map[string]any{"entryId": f.entry, "versionId": version})
	if sigs, _ := task.Payload["signatures"].([]any); len(sigs) != 2 {
		t.Errorf("pdf task signatures: %v", task.Payload)
	}
	var hist string
	if err := e.db.SQL().Get(&hist, `SELECT from_status || '>' || to_status || ':' || actor_side FROM offer_history WHERE entry_id = $1 ORDER BY id DESC LIMIT 1`, f.entry); err != nil || hist != "sent>accepted:brand" {
		t.Errorf("history: %q %v", hist, err)
	}
	e.want(e.call("POST", base+"/code", f.brand, nil), http.StatusConflict) // not open any more

	// The events: names and roles for the parties, the IP for the ADMIN only.
	evs := e.want(e.call("GET", base+"/events", f.creator, nil), http.StatusOK).data()["events"].([]any)
	var actions []string
	for _, ev := range evs {
		m := ev.(map[string]any)
		actions = append(actions, m["action"].(string))
		if _, ok := m["ip"]; ok {
			t.Errorf("creator sees an IP: %v", m)
		}
	}
	for _, want := range []string{"agreement.version", "agreement.code_sent", "agreement.signed", "agreement.accepted"} {
		if !slices.Contains(actions, want) {
			t.Errorf("events %v lack %s", actions, want)
		}
	}
	adminEvs := e.want(e.call("GET", base+"/events", admin, nil), http.StatusOK).data()["events"].([]any)
	if _, ok := adminEvs[0].(map[string]any)["ip"]; !ok {
		t.Errorf("admin sees no IP: %v", adminEvs[0])
	}
	if n, br, err := e.db.VerifyAudit(context.Background()); err != nil || br != nil || n < 6 {
		t.Errorf("audit chain: %d rows, break %v, %v", n, br, err)
	}
}

// TestAgreementSign_CounterMakesNewVersion: the brand signs right after
// sending; the creator's counter makes version 2 (the amount's change
// shown), which needs both signatures again: the brand accepting the
// counter signs it, and the offer is accepted when the creator signs too.
func TestAgreementSign_CounterMakesNewVersion(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	f := e.linkedOffer("counter-sign.io")
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	v1 := e.currentVersion(f.entry)
	e.want(e.sign(f.entry, f.brand, nil), http.StatusOK)
	if a := e.agreementOf(f.entry, f.creator); !slices.Equal(strs(a["missing"]), []string{"creator"}) {
		t.Fatalf("after the brand's signature: %v", a)
	}
	e.want(e.call("POST", "/api/offers/"+f.entry+"/counter", f.creator, map[string]any{"amount": 650}), http.StatusOK)
	a := e.agreementOf(f.entry, f.brand)
	vs := a["versions"].([]any)
	if a["offerStatus"] != "countered" || len(vs) != 2 || a["currentVersionId"] == v1 || !slices.Equal(strs(a["missing"]), []string{"brand", "creator"}) {
		t.Fatalf("after the counter: %v", a)
	}
	changes := vs[1].(map[string]any)["changes"].([]any)
	found := false
	for _, c := range changes {
		m := c.(map[string]any)
		found = found || (m["field"] == "amount" && m["label"] == "Amount" && m["old"] == "500.00" && m["new"] == "650.00")
	}
	if !found {
		t.Errorf("changes: %v", changes)
	}
	// Signing the old version is refused.
	code := e.signingCode(f.entry, f.creator)
	r := e.want(e.call("POST", "/api/offers/"+f.entry+"/agreement/sign", f.creator, map[string]any{"versionId": v1, "fullName": "Ann", "code": code, "consent": true}), http.StatusConflict)
	if r.str("message") != store.MsgAgreementChanged {
		t.Errorf("old version: %v", r.Body)
	}
	// The brand accepts the counter by signing it; the creator's signature completes it.
	e.want(e.sign(f.entry, f.brand, nil), http.StatusOK)
	if st := e.offerStatus(f.entry); st != "countered" {
		t.Fatalf("after the brand's countersignature: %s", st)
	}
	e.want(e.sign(f.entry, f.creator, nil), http.StatusOK)
	if st := e.offerStatus(f.entry); st != "accepted" {
		t.Fatalf("after both signatures: %s", st)
	}
	storetest.RequireInserted(t, e.db, jobs.TypeAgreementPDF, map[string]any{"versionId": e.currentVersion(f.entry)})
}

var guardianLinkRE = regexp.MustCompile(`/guardian/([A-Za-z0-9_-]+)`)

// TestAgreementSign_Guardian: a creator under 18 names a guardian (422
// without); the guardian is mailed a link, reads the agreement logged out
// and signs it; only then is the offer accepted. The link works once; a
// link past its 7 days is refused.
func TestAgreementSign_Guardian(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("minor.io")
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	r := e.want(e.sign(f.entry, f.creator, map[string]any{"minor": true}), http.StatusUnprocessableEntity)
	if r.field("guardian.name") == "" || r.field("guardian.email") == "" {
		t.Errorf("minor without a guardian: %v", r.Body)
	}
	r = e.want(e.sign(f.entry, f.creator, map[string]any{"minor": true, "guardian": map[string]any{"name": "Jürgen Parent", "email": "parent@minor.io"}}), http.StatusOK)
	a := r.data()["agreement"].(map[string]any)
	if !slices.Equal(strs(a["required"]), []string{"brand", "creator", "guardian"}) || a["guardian"].(map[string]any)["status"] != "pending" {
		t.Fatalf("after the minor's signature: %v", a)
	}
	e.want(e.sign(f.entry, f.brand, nil), http.StatusOK)
	if a := e.agreementOf(f.entry, f.brand); a["offerStatus"] != "sent" || !slices.Equal(strs(a["missing"]), []string{"guardian"}) {
		t.Fatalf("without the guardian: %v", a)
	}
	// The creator has signed: the offer waits for the guardian and offers the creator no second acceptance.
	offers := e.want(e.call("GET", "/api/offers", f.creator, nil), http.StatusOK).data()["offers"].([]any)
	if next := strs(offers[0].(map[string]any)["next"]); len(offers) != 1 || slices.Contains(next, "accepted") {
		t.Errorf("creator's moves after signing, before the guardian: %v", next)
	}
	m := e.mail.Wait(t, "parent@minor.io", 1)
	token := guardianLinkRE.FindStringSubmatch(m.Text())
	if token == nil {
		t.Fatalf("guardian mail has no link:\n%s", m.Text())
	}
	g := e.want(e.call("GET", "/api/guardian/"+token[1], "", nil), http.StatusOK).data()["guardian"].(map[string]any)
	if g["offerId"] != f.entry || g["text"] == "" || g["creatorName"] != "Ann Creator" {
		t.Errorf("guardian view: %v", g)
	}
	r = e.want(e.call("POST", "/api/guardian/"+token[1]+"/sign", "", map[string]any{"fullName": "Jürgen Parent", "consent": false}), http.StatusUnprocessableEntity)
	if r.field("consent") == "" {
		t.Errorf("guardian without consent: %v", r.Body)
	}
	e.want(e.call("POST", "/api/guardian/"+token[1]+"/sign", "", map[string]any{"fullName": "Jürgen Parent", "consent": true}), http.StatusOK)
	if st := e.offerStatus(f.entry); st != "accepted" {
		t.Fatalf("after the guardian: %s", st)
	}
	if r := e.want(e.call("POST", "/api/guardian/"+token[1]+"/sign", "", map[string]any{"fullName": "Jürgen Parent", "consent": true}), http.StatusNotFound); r.str("message") != store.MsgGuardianLink {
		t.Errorf("second use: %v", r.Body)
	}
	e.want(e.call("GET", "/api/guardian/"+token[1], "", nil), http.StatusNotFound)
	a = e.agreementOf(f.entry, f.creator)
	if a["guardian"].(map[string]any)["status"] != "signed" || len(a["signatures"].([]any)) != 3 {
		t.Errorf("after the guardian: %v", a)
	}
	e.settle()
	if a := e.agreementOf(f.entry, f.creator); a["pdfReady"] != true {
		t.Errorf("signed PDF not ready: %v", a)
	}
	e.want(e.call("GET", "/api/offers/"+f.entry+"/agreement/pdf", f.brand, nil), http.StatusOK)

	// A link unused for 7 days stops working.
	h := e.linkedOffer("minor2.io")
	e.want(e.brandMove(offerFixture{brand: h.brand, campaign: h.campaign, entry: h.entry}, "sent", 300), http.StatusOK)
	e.want(e.sign(h.entry, h.creator, map[string]any{"minor": true, "guardian": map[string]any{"name": "Pat Parent", "email": "parent@minor2.io"}}), http.StatusOK)
	m = e.mail.Wait(t, "parent@minor2.io", 1)
	token = guardianLinkRE.FindStringSubmatch(m.Text())
	e.clock.Advance(store.GuardianLinkTTL + time.Minute)
	e.want(e.call("GET", "/api/guardian/"+token[1], "", nil), http.StatusNotFound)
	e.want(e.call("POST", "/api/guardian/"+token[1]+"/sign", "", map[string]any{"fullName": "Pat Parent", "consent": true}), http.StatusNotFound)
}

// TestAgreementCode_CooldownPerVersion: within the resend cooldown a second
// code for the same version is not mailed, but a new version (a counter)
// gets its code at once, without waiting the cooldown out.
func TestAgreementCode_CooldownPerVersion(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	f := e.linkedOffer("code-cooldown.io")
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	codeTasks := func() int {
		var n int
		if err := e.db.SQL().Get(&n, `SELECT count(*) FROM audit_events WHERE subject = $1 AND action = 'agreement.code_sent'`, "offer:"+f.entry); err != nil {
			t.Fatal(err)
		}
		return n
	}
	e.want(e.call("POST", "/api/offers/"+f.entry+"/agreement/code", f.brand, nil), http.StatusAccepted)
	e.want(e.call("POST", "/api/offers/"+f.entry+"/agreement/code", f.brand, nil), http.StatusAccepted)
	if n := codeTasks(); n != 1 {
		t.Fatalf("two requests for one version within the cooldown sent %d codes, want 1", n)
	}
	e.want(e.call("POST", "/api/offers/"+f.entry+"/counter", f.creator, map[string]any{"amount": 650}), http.StatusOK)
	e.want(e.call("POST", "/api/offers/"+f.entry+"/agreement/code", f.brand, nil), http.StatusAccepted)
	if n := codeTasks(); n != 2 {
		t.Fatalf("the counter's new version got %d codes in all, want 2 (one at once for the new version)", n)
	}
}
