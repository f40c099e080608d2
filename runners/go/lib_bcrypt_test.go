package main

import "testing"

// TestBlowfishSafety checks the crypt_blowfish $2a$ countermeasure detector on the
// openwall wrapper.c passwords: the two with a $2a$ hash of their own, and ones without.
func TestBlowfishSafety(t *testing.T) {
	for pw, want := range map[string]bool{
		"\xff\xff\xa3":                  true,
		"\xff\xa334\xff\xff\xff\xa3345": true,
		"\xa3":                          false,
		"\xff\xa3345":                   false,
		"U*U":                           false,
		"":                              false,
	} {
		if got := blowfishSafetyApplies([]byte(pw)); got != want {
			t.Errorf("blowfishSafetyApplies(%q) = %v, want %v", pw, got, want)
		}
	}
}
