package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/template"
	"time"

	"github.com/jmoiron/sqlx"
)

// AgreementTemplateVersion is the version of the default template's text;
// raise it (and add a new file) whenever the wording changes, so every
// stored version names the text it was printed from.
const AgreementTemplateVersion = "2"

// MaxAgreementClauses is the longest brand clause text, in characters.
const MaxAgreementClauses = 2000

//go:embed agreement/template_v1.txt
var agreementTemplateV1 string

//go:embed agreement/template_v2.txt
var agreementTemplateV2 string

// agreementTemplates prints each template version; stored versions keep the
// text they were printed with, and an old version prints again the same way.
var agreementTemplates = map[string]*template.Template{
	"1": template.Must(template.New("agreement_v1").Parse(agreementTemplateV1)),
	"2": template.Must(template.New("agreement_v2").Parse(agreementTemplateV2)),
}

// UsageAddOn is a paid usage right a brand offers on top of the fee, with its
// own amount: Usage is 30_days or unlimited.
type UsageAddOn struct {
	Usage       string `json:"usage"`
	AmountCents int64  `json:"amountCents"`
}

// UsageAddOnUsages are the usage rights a brand may offer as a paid add-on.
var UsageAddOnUsages = []string{"30_days", "unlimited"}

// AgreementLine is one priced line of an agreement: the base fee or an add-on.
type AgreementLine struct {
	Kind        string `json:"kind"` // fee or usage_addon
	Usage       string `json:"usage,omitempty"`
	Label       string `json:"label"`
	AmountCents int64  `json:"amountCents"`
}

var addOnLabels = map[string]string{"30_days": "Paid usage for 30 days", "unlimited": "Unlimited paid usage"}

// Lines are the agreement's priced lines: the base fee, then each add-on.
func (t AgreementTerms) Lines() []AgreementLine {
	out := []AgreementLine{{Kind: "fee", Label: "Fee", AmountCents: t.AmountCents}}
	for _, a := range t.AddOns {
		out = append(out, AgreementLine{Kind: "usage_addon", Usage: a.Usage, Label: addOnLabels[a.Usage] + " (add-on)", AmountCents: a.AmountCents})
	}
	return out
}

// TotalCents is the base fee plus every add-on.
func (t AgreementTerms) TotalCents() int64 {
	total := t.AmountCents
	for _, a := range t.AddOns {
		total += a.AmountCents
	}
	return total
}

// usageAddOnTotalSQL is the sum of an entry's (alias e) add-ons, in cents.
const usageAddOnTotalSQL = `(SELECT coalesce(sum((a->>'amountCents')::bigint), 0) FROM jsonb_array_elements(e.usage_addons) a)`

// AgreementTerms is what an agreement version fixes. Its JSON is stored with
// the version and compared field by field between versions.
type AgreementTerms struct {
	BrandName    string `json:"brandName"`
	BrandSigner  string `json:"brandSigner"`
	CreatorName  string `json:"creatorName"`
	Platform     string `json:"platform"`
	Posts        int    `json:"posts"`
	TrackingTag  string `json:"trackingTag"`
	StartDate    string `json:"startDate"`
	EndDate      string `json:"endDate"`
	AmountCents  int64  `json:"amountCents"`
	Currency     string `json:"currency"`
	Exclusivity  string `json:"exclusivity"`
	ContentUsage string `json:"contentUsage"`
	PaymentTerms string `json:"paymentTerms"`
	Clauses      string `json:"clauses"`
	// AddOns are the paid usage add-ons offered on top of the fee (template 2).
	AddOns []UsageAddOn `json:"addOns,omitempty"`
}

// AgreementVersion is one immutable version of an offer's agreement.
type AgreementVersion struct {
	ID              string          `db:"id" json:"id"`
	EntryID         string          `db:"entry_id" json:"offerId"`
	Version         int             `db:"version" json:"version"`
	TemplateVersion string          `db:"template_version" json:"templateVersion"`
	TermsJSON       json.RawMessage `db:"terms" json:"-"`
	Terms           AgreementTerms  `db:"-" json:"terms"`
	CanonicalText   string          `db:"canonical_text" json:"text"`
	SHA256          []byte          `db:"sha256" json:"-"`
	CreatedBy       *string         `db:"created_by" json:"-"`
	CreatedAt       time.Time       `db:"created_at" json:"createdAt"`
	Changes         []TermChange    `db:"-" json:"changes"`
}

// TermChange is one field that differs from the previous version.
type TermChange struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

func formatCents(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

var exclusivityTexts = map[string]string{
	"no_exclusivity": "None: the creator may work with other brands.",
	"exclusive":      "Exclusive: the creator does not promote competing brands from the start date until 30 days after the end date.",
}

var usageTexts = map[string]string{
	"organic_only": "Organic only: the brand may share the posts on its own channels, but not use them in paid advertising.",
	"30_days":      "Paid usage for 30 days: the brand may use each post in paid advertising for 30 days from its publish date.",
	"unlimited":    "Unlimited: the brand may use the posts in paid advertising without a time limit.",
}

// CanonicalAgreementText prints the terms through the default template. The
// text, not the JSON, is what is hashed, signed and printed.
func CanonicalAgreementText(t AgreementTerms, version int) (string, error) {
	return CanonicalAgreementTextWith(AgreementTemplateVersion, t, version)
}

type printedLine struct{ Label, Amount string }
type printedAddOn struct{ Text string }

// CanonicalAgreementTextWith prints the terms through the given template
// version (an old version prints as it did when it was made).
func CanonicalAgreementTextWith(templateVersion string, t AgreementTerms, version int) (string, error) {
	tpl := agreementTemplates[templateVersion]
	if tpl == nil {
		return "", fmt.Errorf("print agreement: unknown template version %q", templateVersion)
	}
	data := struct {
		AgreementTerms
		TemplateVersion, Amount, Total, ExclusivityText, UsageText string
		Version                                                    int
		Lines                                                      []printedLine
		AddOns                                                     []printedAddOn
	}{AgreementTerms: t, TemplateVersion: templateVersion, Amount: formatCents(t.AmountCents), Total: formatCents(t.TotalCents()),
		ExclusivityText: exclusivityTexts[t.Exclusivity], UsageText: usageTexts[t.ContentUsage], Version: version}
	for _, l := range t.Lines() {
		data.Lines = append(data.Lines, printedLine{l.Label, formatCents(l.AmountCents)})
	}
	for _, a := range t.AddOns {
		data.AddOns = append(data.AddOns, printedAddOn{usageTexts[a.Usage] + " Priced at " + formatCents(a.AmountCents) + " " + t.Currency + "."})
	}
	var b bytes.Buffer
	if err := tpl.Execute(&b, data); err != nil {
		return "", fmt.Errorf("print agreement: %w", err)
	}
	return strings.ReplaceAll(b.String(), "\r\n", "\n"), nil
}

// DiffAgreementTerms lists every field that differs from old to new, in the
// order the fields are printed; money shows as 0.00.
func DiffAgreementTerms(old, new AgreementTerms) []TermChange {
	o, n := termFields(old), termFields(new)
	var out []TermChange
	for i := range o {
		if o[i][1] != n[i][1] {
			out = append(out, TermChange{Field: o[i][0], Old: o[i][1], New: n[i][1]})
		}
	}
	return out
}

func termFields(t AgreementTerms) [][2]string {
	return [][2]string{
		{"brandName", t.BrandName}, {"brandSigner", t.BrandSigner}, {"creatorName", t.CreatorName},
		{"platform", t.Platform}, {"posts", fmt.Sprint(t.Posts)}, {"trackingTag", t.TrackingTag},
		{"startDate", t.StartDate}, {"endDate", t.EndDate},
		{"amount", formatCents(t.AmountCents)}, {"currency", t.Currency},
		{"exclusivity", t.Exclusivity}, {"contentUsage", t.ContentUsage},
		{"paymentTerms", t.PaymentTerms}, {"clauses", t.Clauses},
		{"addOn.30_days", addOnText(t, "30_days")}, {"addOn.unlimited", addOnText(t, "unlimited")},
		{"total", totalText(t)},
	}
}

// addOnText is the amount of the add-on for usage, "" when not offered.
func addOnText(t AgreementTerms, usage string) string {
	for _, a := range t.AddOns {
		if a.Usage == usage {
			return formatCents(a.AmountCents)
		}
	}
	return ""
}

// totalText is the total when add-ons make it differ from the fee ("" when
// there are none, so versions without add-ons compare as before).
func totalText(t AgreementTerms) string {
	if len(t.AddOns) == 0 {
		return ""
	}
	return formatCents(t.TotalCents())
}

// agreementTerms reads the offer's current terms from the database.
func (s *DB) agreementTerms(tx *sqlx.Tx, entryID string, signer string) (AgreementTerms, error) {
	var r struct {
		Brand       string         `db:"brand"`
		Creator     string         `db:"creator"`
		Platform    string         `db:"platform"`
		Tag         string         `db:"tracking_tag"`
		Start       time.Time      `db:"start_date"`
		End         time.Time      `db:"end_date"`
		Amount      sql.NullString `db:"amount_cents"`
		Exclusivity string         `db:"exclusivity"`
		Usage       string         `db:"content_usage"`
		Clauses     string         `db:"agreement_clauses"`
		AddOns      []byte         `db:"usage_addons"`
	}
	err := tx.Get(&r, `SELECT b.name AS brand, cr.name AS creator, e.platform, c.tracking_tag, c.start_date, c.end_date,
			(round(e.offer_amount * 100))::bigint::text AS amount_cents, c.exclusivity, c.content_usage, c.agreement_clauses, e.usage_addons
		FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id JOIN brands b ON b.id = c.brand_id
		JOIN creators cr ON cr.id = e.creator_id WHERE e.id = $1`, entryID)
	if errors.Is(err, sql.ErrNoRows) {
		return AgreementTerms{}, Errorf(ENOTFOUND, "Offer not found")
	}
	if err != nil {
		return AgreementTerms{}, fmt.Errorf("agreement terms: %w", err)
	}
	var cents int64
	if r.Amount.Valid {
		_, _ = fmt.Sscan(r.Amount.String, &cents)
	}
	var addOns []UsageAddOn
	_ = json.Unmarshal(r.AddOns, &addOns)
	return AgreementTerms{
		AddOns:    addOns,
		BrandName: r.Brand, BrandSigner: signer, CreatorName: r.Creator, Platform: r.Platform, Posts: 1,
		TrackingTag: r.Tag, StartDate: r.Start.Format(time.DateOnly), EndDate: r.End.Format(time.DateOnly),
		AmountCents: cents, Currency: "USD", Exclusivity: r.Exclusivity, ContentUsage: r.Usage,
		PaymentTerms: s.Payout.PaymentTerms(), Clauses: r.Clauses,
	}, nil
}

// fixAgreement makes a new agreement version of the offer inside tx when its
// terms differ from the last version (or there is none), and logs it in the
// audit log. It returns the last version, new or not. Offer moves (send,
// counter, new amount) call it; the last version is the one to sign.
func (s *DB) fixAgreement(tx *sqlx.Tx, entryID string, actor *User, meta RequestMeta) (*AgreementVersion, error) {
	if _, err := tx.Exec(`SELECT 1 FROM roster_entries WHERE id = $1 FOR UPDATE`, entryID); err != nil {
		return nil, fmt.Errorf("lock offer: %w", err)
	}
	last, err := lastAgreementVersion(tx, entryID)
	if err != nil {
		return nil, err
	}
	signer := ""
	if last != nil {
		signer = last.Terms.BrandSigner
	}
	if actor != nil && actor.Role != RoleUser && actor.Role != RoleAdmin {
		signer = actor.Name
	}
	terms, err := s.agreementTerms(tx, entryID, signer)
	if err != nil {
		return nil, err
	}
	if last != nil && len(DiffAgreementTerms(last.Terms, terms)) == 0 {
		return last, nil
	}
	v := &AgreementVersion{EntryID: entryID, Version: 1, TemplateVersion: AgreementTemplateVersion, Terms: terms, CreatedAt: s.now().Truncate(time.Microsecond)}
	if last != nil {
		v.Version = last.Version + 1
		v.Changes = DiffAgreementTerms(last.Terms, terms)
	}
	if v.CanonicalText, err = CanonicalAgreementText(terms, v.Version); err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(v.CanonicalText))
	v.SHA256 = sum[:]
	v.TermsJSON, _ = json.Marshal(terms)
	if actor != nil && actor.ID != "" {
		v.CreatedBy = &actor.ID
	}
	err = tx.Get(&v.ID, `INSERT INTO agreement_versions (entry_id, version, template_version, terms, canonical_text, sha256, created_by, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		entryID, v.Version, v.TemplateVersion, v.TermsJSON, v.CanonicalText, v.SHA256, v.CreatedBy, v.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("save agreement version: %w", err)
	}
	ev := &AuditEvent{Action: "agreement.version", Subject: "offer:" + entryID, IP: meta.IP, UserAgent: meta.UserAgent}
	if actor != nil {
		ev.ActorRole = actor.Role
		if actor.ID != "" {
			ev.ActorID = &actor.ID
		}
	}
	ev.After, _ = json.Marshal(map[string]any{"version": v.Version, "sha256": fmt.Sprintf("%x", v.SHA256), "changes": v.Changes})
	if last != nil {
		ev.Before, _ = json.Marshal(map[string]any{"version": last.Version, "sha256": fmt.Sprintf("%x", last.SHA256)})
	}
	if err := s.appendAudit(tx, ev); err != nil {
		return nil, err
	}
	return v, nil
}

// RequestMeta is where a request came from, for the audit log and signatures.
type RequestMeta struct {
	IP        string
	UserAgent string
}

// FixAgreement is fixAgreement in its own transaction.
func (s *DB) FixAgreement(ctx context.Context, entryID string, actor *User, meta RequestMeta) (*AgreementVersion, error) {
	var v *AgreementVersion
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		v, err = s.fixAgreement(tx, entryID, actor, meta)
		return err
	})
	return v, err
}

const agreementVersionCols = `id, entry_id, version, template_version, terms, canonical_text, sha256, created_by, created_at`

func lastAgreementVersion(q sqlx.Queryer, entryID string) (*AgreementVersion, error) {
	var v AgreementVersion
	err := sqlx.Get(q, &v, `SELECT `+agreementVersionCols+` FROM agreement_versions WHERE entry_id = $1 ORDER BY version DESC LIMIT 1`, entryID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("last agreement version: %w", err)
	}
	if err := json.Unmarshal(v.TermsJSON, &v.Terms); err != nil {
		return nil, fmt.Errorf("agreement terms: %w", err)
	}
	return &v, nil
}

// AgreementVersions lists an offer's versions, oldest first, each with what
// changed from the one before.
func (s *DB) AgreementVersions(ctx context.Context, entryID string) ([]AgreementVersion, error) {
	var vs []AgreementVersion
	err := s.db.SelectContext(ctx, &vs, `SELECT `+agreementVersionCols+` FROM agreement_versions WHERE entry_id = $1 ORDER BY version`, entryID)
	if err != nil {
		return nil, fmt.Errorf("agreement versions: %w", err)
	}
	for i := range vs {
		if err := json.Unmarshal(vs[i].TermsJSON, &vs[i].Terms); err != nil {
			return nil, fmt.Errorf("agreement terms: %w", err)
		}
		vs[i].Changes = []TermChange{}
		if i > 0 {
			vs[i].Changes = DiffAgreementTerms(vs[i-1].Terms, vs[i].Terms)
		}
	}
	return vs, nil
}

// AgreementBySHA256 finds the version whose canonical text hashes to sum (verify).
func (s *DB) AgreementBySHA256(ctx context.Context, sum []byte) (*AgreementVersion, error) {
	var v AgreementVersion
	err := s.db.GetContext(ctx, &v, `SELECT `+agreementVersionCols+` FROM agreement_versions WHERE sha256 = $1 ORDER BY created_at LIMIT 1`, sum)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, Errorf(ENOTFOUND, "Unknown agreement")
	}
	if err != nil {
		return nil, fmt.Errorf("find agreement: %w", err)
	}
	_ = json.Unmarshal(v.TermsJSON, &v.Terms)
	return &v, nil
}

// agreementOnMove is the offer state machine's hook: a send (first or after
// a counter) and a counter fix the agreement's terms as they now stand, a new
// version when anything changed. Other moves leave the agreement alone.
func (s *DB) agreementOnMove(tx *sqlx.Tx, entryID, actorID, side, next string) error {
	if next != OfferSent && next != OfferCountered {
		return nil
	}
	actor := &User{Role: side}
	if actorID != "" {
		if err := tx.Get(actor, `SELECT id, name, role FROM users WHERE id = $1`, actorID); err != nil {
			return fmt.Errorf("agreement actor: %w", err)
		}
	}
	_, err := s.fixAgreement(tx, entryID, actor, RequestMeta{})
	return err
}
