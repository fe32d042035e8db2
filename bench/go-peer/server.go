// The Go peer of layoutd for the benchmark: net/http + encoding/json and the same layout math
// as the Node peer (bench/node-peer/server.js, contract §3–§6), standard library only. Its
// answers are byte for byte the Node peer's: the same members in the same order, no -0, numbers
// written as the shortest decimal that reads back (encoding/json and JSON.stringify agree).
// Validation is reduced to "an object with the required members" — the benchmark sends only
// valid bodies.
//
//	go-peer PORT [PROCS]     (binds 127.0.0.1; PROCS sets GOMAXPROCS, default: every core)
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"
)

type rect struct{ X, Y, Width, Height float64 }

func (r rect) MarshalJSON() ([]byte, error) { // lower-case member names, no -0
	return json.Marshal(struct {
		X      float64 `json:"x"`
		Y      float64 `json:"y"`
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
	}{zero(r.X), zero(r.Y), zero(r.Width), zero(r.Height)})
}

type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type size struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// A missing or null member reads as 0, as the Node peer's `(i && i.top) || 0`.
type insets struct {
	Top    float64 `json:"top"`
	Left   float64 `json:"left"`
	Bottom float64 `json:"bottom"`
	Right  float64 `json:"right"`
}

type animationRequest struct {
	Duration *float64 `json:"duration"`
	Curve    *float64 `json:"curve"`
}

// The members of both endpoints' requests; a nil pointer is a member absent or null.
type request struct {
	Container      *rect             `json:"container"`
	Field          *rect             `json:"field"`
	TextView       *rect             `json:"textView"`
	Caret          *rect             `json:"caret"`
	Keyboard       *rect             `json:"keyboard"`
	KeyboardHeight *float64          `json:"keyboardHeight"`
	Screen         *rect             `json:"screen"`
	Undocked       *string           `json:"undocked"`
	SafeArea       *insets           `json:"safeArea"`
	Margin         *float64          `json:"margin"`
	Mode           *string           `json:"mode"`
	ContentOffset  *point            `json:"contentOffset"`
	ContentSize    *size             `json:"contentSize"`
	ContentInset   *insets           `json:"contentInset"`
	LineHeight     *float64          `json:"lineHeight"`
	Animation      *animationRequest `json:"animation"`
}

type keyboardAnswer struct {
	State   string  `json:"state"`
	Overlap float64 `json:"overlap"`
}

type animationAnswer struct {
	Duration       float64 `json:"duration"`
	Curve          float64 `json:"curve"`
	Options        int32   `json:"options"`
	TimingFunction string  `json:"timingFunction"`
}

// One /avoid answer: the members of its mode only, in the Node peer's order.
type avoidAnswer struct {
	Mode                     string           `json:"mode"`
	Keyboard                 keyboardAnswer   `json:"keyboard"`
	Offset                   *point           `json:"offset,omitempty"`
	ContentOffset            *point           `json:"contentOffset,omitempty"`
	ContentInset             *insets          `json:"contentInset,omitempty"`
	ScrollIndicatorInsets    *insets          `json:"scrollIndicatorInsets,omitempty"`
	BottomInset              *float64         `json:"bottomInset,omitempty"`
	AdditionalSafeAreaInsets *insets          `json:"additionalSafeAreaInsets,omitempty"`
	Visible                  *rect            `json:"visible,omitempty"`
	Fits                     bool             `json:"fits"`
	Animation                *animationAnswer `json:"animation,omitempty"`
}

type caretFollowAnswer struct {
	Keyboard              keyboardAnswer `json:"keyboard"`
	ContentOffset         point          `json:"contentOffset"`
	ContentInset          insets         `json:"contentInset"`
	ScrollIndicatorInsets insets         `json:"scrollIndicatorInsets"`
	Changed               bool           `json:"changed"`
	CaretVisible          bool           `json:"caretVisible"`
}

// zero writes -0 as 0: answers never carry -0.
func zero(v float64) float64 {
	if v == 0 {
		return 0
	}
	return v
}

func normInsets(i insets) insets {
	return insets{zero(i.Top), zero(i.Left), zero(i.Bottom), zero(i.Right)}
}

func orZero(i *insets) insets {
	if i == nil {
		return insets{}
	}
	return *i
}

func orDefault(v *float64, fallback float64) float64 {
	if v == nil {
		return fallback
	}
	return *v
}

// keyboard classifies the keyboard and measures its overlap with the container (§3).
func keyboard(req *request, container rect) keyboardAnswer {
	screen := container
	if req.Screen != nil {
		screen = *req.Screen
	}
	var kb *rect
	if req.KeyboardHeight != nil {
		h := *req.KeyboardHeight
		kb = &rect{screen.X, screen.Y + screen.Height - h, screen.Width, h}
	} else if req.Keyboard != nil {
		kb = req.Keyboard
	}
	screenMaxY := screen.Y + screen.Height
	state := "hidden"
	if kb != nil && kb.Width > 0 && kb.Height > 0 && kb.Y < screenMaxY {
		if kb.Y+kb.Height >= screenMaxY-0.5 {
			state = "docked"
		} else {
			state = "undocked"
		}
	}
	overlap := 0.0
	avoidUndocked := req.Undocked != nil && *req.Undocked == "avoid"
	if kb != nil && (state == "docked" || (state == "undocked" && avoidUndocked)) {
		apart := kb.X+kb.Width <= container.X || kb.X >= container.X+container.Width ||
			kb.Y+kb.Height <= container.Y || kb.Y >= container.Y+container.Height
		if !apart {
			overlap = zero(math.Min(math.Max(container.Y+container.Height-kb.Y, 0), container.Height))
		}
	}
	return keyboardAnswer{state, overlap}
}

// reveal is the smallest scroll that shows [tMin, tMax] (§5.1).
func reveal(tMin, tMax, y, top, bottomEdge float64) float64 {
	switch {
	case tMax-tMin > bottomEdge-top:
		return tMin - top
	case tMax > y+bottomEdge:
		return tMax - bottomEdge
	case tMin < y+top:
		return tMin - top
	}
	return y
}

type scrollResult struct {
	contentOffset point
	insets        insets
	fits          bool
}

// scroll is §4.2: the keyboard's inset, and the offset that reveals [tMin, tMax], clamped.
func scroll(tMin, tMax, height, overlap float64, safeArea insets, offset point, contentSize size,
	inset insets, always bool) scrollResult {
	out := inset
	out.Bottom = inset.Bottom + math.Max(0, overlap-safeArea.Bottom)
	top := inset.Top + safeArea.Top
	bottom := inset.Bottom + math.Max(overlap, safeArea.Bottom)
	y := offset.Y
	if overlap > 0 || always {
		y = reveal(tMin, tMax, offset.Y, top, height-bottom)
	}
	minY := -top
	maxY := math.Max(minY, contentSize.Height+bottom-height)
	clamped := math.Min(math.Max(y, minY), maxY)
	fits := tMin >= clamped+top && tMax <= clamped+height-bottom
	return scrollResult{point{zero(offset.X), zero(clamped)}, normInsets(out), fits}
}

var timingFunctions = map[int32]string{1: "ease-in", 2: "ease-out", 3: "linear", 7: "cubic-bezier(0.38, 0.7, 0.125, 1)"}

var errMissing = errors.New("missing member")

func avoid(req *request) (any, error) {
	if req.Container == nil || req.Field == nil {
		return nil, errMissing
	}
	c, f := *req.Container, *req.Field
	kb := keyboard(req, c)
	safeArea := orZero(req.SafeArea)
	margin := orDefault(req.Margin, 10)
	mode := "translate"
	if req.Mode != nil {
		mode = *req.Mode
	}
	answer := avoidAnswer{Mode: mode, Keyboard: kb}
	keyboardTop := c.Height - kb.Overlap
	switch mode {
	case "translate":
		if kb.Overlap == 0 {
			answer.Offset = &point{0, 0}
			answer.Fits = true
		} else {
			need := f.Y + f.Height + margin - keyboardTop
			room := math.Max(0, f.Y-safeArea.Top)
			shift := 0.0
			if need > 0 {
				shift = math.Min(need, room)
			}
			answer.Offset = &point{0, zero(-shift)}
			answer.Fits = need <= room
		}
	case "scroll":
		if req.ContentOffset == nil || req.ContentSize == nil {
			return nil, errMissing
		}
		s := scroll(f.Y, f.Y+f.Height+margin, c.Height, kb.Overlap, safeArea, *req.ContentOffset,
			*req.ContentSize, orZero(req.ContentInset), false)
		answer.ContentOffset = &s.contentOffset
		answer.ContentInset = &s.insets
		answer.ScrollIndicatorInsets = &s.insets
		answer.Fits = s.fits
	default:
		bottomInset := kb.Overlap
		answer.BottomInset = &bottomInset
		answer.AdditionalSafeAreaInsets = &insets{Bottom: zero(math.Max(0, kb.Overlap-safeArea.Bottom))}
		answer.Visible = &rect{0, 0, c.Width, zero(keyboardTop)}
		answer.Fits = f.Y+f.Height+margin <= keyboardTop && f.Y >= safeArea.Top
	}
	if req.Animation != nil {
		duration := orDefault(req.Animation.Duration, 0.25)
		curve := orDefault(req.Animation.Curve, 7)
		// JavaScript's `curve << 16`: the curve as a 32-bit integer, shifted.
		whole := int32(int64(curve))
		timingFunction, known := timingFunctions[whole]
		if !known || float64(whole) != curve {
			timingFunction = "ease-in-out"
		}
		answer.Animation = &animationAnswer{duration, curve, whole << 16, timingFunction}
	}
	return answer, nil
}

func caretFollow(req *request) (any, error) {
	if req.TextView == nil || req.Caret == nil || req.ContentOffset == nil || req.ContentSize == nil {
		return nil, errMissing
	}
	t, caret := *req.TextView, *req.Caret
	kb := keyboard(req, t)
	margin := orDefault(req.Margin, 0)
	maxY := caret.Y + math.Max(caret.Height, orDefault(req.LineHeight, 0))
	s := scroll(caret.Y-margin, maxY+margin, t.Height, kb.Overlap, orZero(req.SafeArea),
		*req.ContentOffset, *req.ContentSize, orZero(req.ContentInset), true)
	return caretFollowAnswer{
		Keyboard: kb, ContentOffset: s.contentOffset, ContentInset: s.insets, ScrollIndicatorInsets: s.insets,
		Changed:      s.contentOffset.X != req.ContentOffset.X || s.contentOffset.Y != req.ContentOffset.Y,
		CaretVisible: s.fits,
	}, nil
}

var routes = map[string]func(*request) (any, error){"/avoid": avoid, "/caret-follow": caretFollow}

// Request bodies are read into reused buffers; the benchmark's bodies are a few hundred bytes.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxBodyBytes = 1 << 20

func send(w http.ResponseWriter, status int, body []byte, contentType string) {
	header := w.Header()
	header["Content-Type"] = []string{contentType}
	header["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	w.Write(body)
}

func problem(w http.ResponseWriter, status int, detail string) {
	body, _ := json.Marshal(struct {
		Type   string `json:"type"`
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}{"about:blank", status, detail})
	send(w, status, body, "application/problem+json")
}

func serve(w http.ResponseWriter, r *http.Request) {
	route, found := routes[r.RequestURI]
	if !found {
		problem(w, http.StatusNotFound, "no such route")
		return
	}
	if r.Method != http.MethodPost {
		problem(w, http.StatusMethodNotAllowed, "POST only")
		return
	}
	buffer := buffers.Get().(*bytes.Buffer)
	defer buffers.Put(buffer)
	buffer.Reset()
	if _, err := buffer.ReadFrom(io.LimitReader(r.Body, maxBodyBytes+1)); err != nil || buffer.Len() > maxBodyBytes {
		problem(w, http.StatusRequestEntityTooLarge, "body too large or cut short")
		return
	}
	var req request
	if err := json.Unmarshal(buffer.Bytes(), &req); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) || errors.Is(err, io.ErrUnexpectedEOF) {
			problem(w, http.StatusBadRequest, "not JSON")
		} else {
			problem(w, http.StatusUnprocessableEntity, "not an object with the members wanted")
		}
		return
	}
	answer, err := route(&req)
	if err != nil {
		problem(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	body, err := json.Marshal(answer)
	if err != nil {
		problem(w, http.StatusInternalServerError, err.Error())
		return
	}
	send(w, http.StatusOK, body, "application/json")
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go-peer PORT [PROCS]")
		os.Exit(2)
	}
	port, err := strconv.Atoi(os.Args[1])
	if err != nil {
		log.Fatalf("go-peer: bad port %q", os.Args[1])
	}
	if len(os.Args) > 2 {
		procs, err := strconv.Atoi(os.Args[2])
		if err != nil || procs < 1 {
			log.Fatalf("go-peer: bad PROCS %q", os.Args[2])
		}
		runtime.GOMAXPROCS(procs)
	}
	address := fmt.Sprintf("127.0.0.1:%d", port)
	server := &http.Server{
		Addr:              address,
		Handler:           http.HandlerFunc(serve),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       10 * time.Second, // Node's keepAliveTimeout
	}
	fmt.Fprintf(os.Stderr, "go-peer: %s, GOMAXPROCS %d\n", address, runtime.GOMAXPROCS(0))
	log.Fatal(server.ListenAndServe())
}
