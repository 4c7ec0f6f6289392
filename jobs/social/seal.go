package social

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// Sealer encrypts tokens at rest with AES-256-GCM. Each sealed value names
// the id of its key ("<id>:<base64 nonce+ciphertext>"), so a new key can be
// put first while rows sealed under older keys still open.
type Sealer struct {
	current string
	keys    map[string]cipher.AEAD
}

// NewSealer parses "id:base64key[,id:base64key...]" (32-byte keys; the
// first seals). An empty spec gives a nil Sealer and no error.
func NewSealer(spec string) (*Sealer, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, nil
	}
	s := &Sealer{keys: map[string]cipher.AEAD{}}
	for _, part := range strings.Split(spec, ",") {
		id, b64, ok := strings.Cut(strings.TrimSpace(part), ":")
		key, err := base64.StdEncoding.DecodeString(b64)
		if !ok || id == "" || err != nil || len(key) != 32 {
			return nil, fmt.Errorf("SOCIAL_TOKEN_KEY: each key must be id:base64 of 32 bytes")
		}
		aead, err := newAEAD(key)
		if err != nil {
			return nil, err
		}
		if s.current == "" {
			s.current = id
		}
		s.keys[id] = aead
	}
	return s, nil
}

// DevSealer is the fixed key of development and tests (never production).
func DevSealer() *Sealer {
	key := sha256.Sum256([]byte("creatorcoach development social token key"))
	aead, _ := newAEAD(key[:])
	return &Sealer{current: "dev", keys: map[string]cipher.AEAD{"dev": aead}}
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// Seal encrypts plain under the current key; "" stays "".
func (s *Sealer) Seal(plain string) (string, error) {
	if plain == "" {
		return "", nil
	}
	aead := s.keys[s.current]
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := aead.Seal(nonce, nonce, []byte(plain), []byte(s.current))
	return s.current + ":" + base64.RawStdEncoding.EncodeToString(out), nil
}

// Open decrypts a value sealed under any known key; "" stays "".
func (s *Sealer) Open(sealed string) (string, error) {
	if sealed == "" {
		return "", nil
	}
	id, b64, ok := strings.Cut(sealed, ":")
	aead := s.keys[id]
	if !ok || aead == nil {
		return "", fmt.Errorf("sealed token: unknown key id %q", id)
	}
	raw, err := base64.RawStdEncoding.DecodeString(b64)
	if err != nil || len(raw) < aead.NonceSize() {
		return "", errors.New("sealed token: malformed")
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], []byte(id))
	if err != nil {
		return "", errors.New("sealed token: cannot decrypt")
	}
	return string(plain), nil
}
