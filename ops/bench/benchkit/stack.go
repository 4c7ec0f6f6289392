package benchkit

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"
)

// StartAPI runs the api binary bin with env and a free HTTP_ADDR, waits until
// it answers, and returns its address and a stop function.
func StartAPI(bin string, env []string) (string, func(), error) {
	addr := FreeAddr()
	api := exec.Command(bin)
	api.Env = append(env, "HTTP_ADDR="+addr)
	if err := api.Start(); err != nil {
		return "", nil, err
	}
	stop := func() { _ = api.Process.Signal(os.Interrupt); _ = api.Wait() }
	for i := 0; i < 150; i++ {
		if res, err := http.Get("http://" + addr + "/healthz"); err == nil {
			res.Body.Close()
			return addr, stop, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	return "", nil, fmt.Errorf("api did not start")
}

// Login signs in through the api at addr and returns the access token.
func Login(addr, email, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	res, err := http.Post("http://"+addr+"/api/users/login", "application/json", strings.NewReader(string(body)))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct{ Data struct{ AccessToken string } }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.Data.AccessToken == "" {
		return "", fmt.Errorf("login %s: status %d", email, res.StatusCode)
	}
	return out.Data.AccessToken, nil
}
