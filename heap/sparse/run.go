package sparse

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// Mode selects the engine for the positions of a run.
type Mode int

const (
	Auto   Mode = iota // count both engines' work per block of positions and use the cheaper
	Plain              // the plain scan of every option
	Sparse             // the rare/common algorithm (rules with three-heap moves run Plain)
)

// String returns "auto", "plain" or "sparse".
func (m Mode) String() string {
	switch m {
	case Plain:
		return "plain"
	case Sparse:
		return "sparse"
	}
	return "auto"
}

// MaxTo is the largest N a run accepts: 2^40 positions past 0, a run file
// of 2 TiB. A run file's values are memory-mapped but not held: only the
// start and the working window at the end stay resident (Config.Window),
// so the disk and the request's budget bound a run, not the memory.
const MaxTo = 1 << 40

// DefaultWindow is the default Config.Window: 2^24 values, 32 MiB at each
// end of a run file.
const DefaultWindow = 1 << 24

// DefaultMaxMemory bounds the bytes of values a run keeps in ordinary memory;
// longer runs need a run file (Config.Out), which is memory-mapped.
const DefaultMaxMemory = 1 << 30

// DefaultCheckpointEvery is the time between checkpoints of a run file.
const DefaultCheckpointEvery = 30 * time.Second

// Config describes a run computing G(0..To).
type Config struct {
	Rules           Rules
	To              int64         // last heap size, 0 <= To <= MaxTo
	Mode            Mode          // engine choice (Auto by default)
	Workers         int           // pipelined workers (cores): 0 means min(2, GOMAXPROCS)
	Out             string        // run file (memory-mapped, checkpointed); "" keeps values in memory
	Resume          bool          // continue the run in Out if it exists
	CheckpointEvery time.Duration // between checkpoints of Out (0: DefaultCheckpointEvery)
	MaxMemory       int64         // bytes of values allowed in memory without Out (0: DefaultMaxMemory)
	// Window is the number of values of a run file kept resident at each
	// end (0: DefaultWindow): the first Window values, which long pair
	// scans read, and the last Window values plus the distance to the
	// last rare heap size, which every new value's pairs read. The pages
	// between are dropped from the process's memory (the file keeps them;
	// a read maps them back) each time Window/2 more values are final,
	// and as long reads (resume, statistics) pass them: a run's resident
	// memory does not grow with N.
	Window   int64
	Progress func(Progress)
	// Known holds values already computed, G(0..len(Known)-1), taken as
	// they are (in-memory runs only).
	Known []uint16
	// InPlace lets the run write G(len(Known)..To) into Known's array
	// when it has room for them (cap(Known) > To), instead of copying
	// Known: the caller gives up the room past len(Known).
	InPlace bool
	// Capacity, when more than To+1, is the room of the array a run in
	// memory allocates (and charges): a later run given its Values as
	// Known extends them in place up to Capacity-1, instead of copying.
	Capacity int64
	// MaxWork bounds the run's work, Stats.Work plus one per value computed
	// (0: no bound): past it the run stops with ErrWorkLimit, checked after
	// each block of positions, so it may overshoot by one block (at most
	// 4096 positions, or about 2^26 pair evaluations of the plain scan). A
	// caller searching for a proof of periodicity spends a work budget
	// this way, in the engine's real cost rather than an estimate.
	MaxWork int64
	// Budget is the request's budget (nil: no limit). The run counts one
	// state per value it computes, and charges the memory it allocates:
	// the values past Known (the caller already holds Known, which the new
	// array replaces) and the scratch space and rare lists, which it gives
	// back when it returns. A run file's values are file-backed (the kernel
	// pages them) and are not charged.
	Budget *limits.Budget
}

// Progress is reported after each block of positions.
type Progress struct {
	Done  int64  // values final so far (G(0..Done-1))
	Total int64  // values wanted (To+1)
	Rare  int    // rare heap sizes so far, under Mask
	Max   uint16 // largest value so far
	Mask  uint16 // the mask in force
	Mode  Mode   // engine of the next block
}

// Stats describe a finished sequence; they depend on the values alone
// (Analyze computes them for any sequence). Mask is the mask that makes the
// rare heap sizes fewest (the least such mask); Rare counts the heap sizes
// n >= 1 whose value is rare under it and LastRare is the largest (0 if
// none).
type Stats struct {
	Values       int64  `json:"values"`                  // G(0..Values-1) computed
	Max          uint16 `json:"max"`                     // largest value
	ArgMax       int64  `json:"argmax"`                  // least heap size with the largest value
	Rare         int64  `json:"rare"`                    // heap sizes with a rare value
	LastRare     int64  `json:"last_rare"`               // largest heap size with a rare value
	Mask         uint16 `json:"mask"`                    // the mask making rare heap sizes fewest
	Checksum     string `json:"checksum"`                // CRC-64/ECMA of the values as little-endian uint16, hex
	SparseValues int64  `json:"sparse_values,omitempty"` // values computed by the sparse engine in this run
	Resumed      int64  `json:"resumed,omitempty"`       // values taken from the run file (0: fresh run)
	Work         int64  `json:"work,omitempty"`          // option evaluations done in this run (pairs, mostly)
}

// ErrWorkLimit is the error (wrapped) of a run stopped by Config.MaxWork.
var ErrWorkLimit = errors.New("work limit reached")

// Sequence is the result of a run: Values[n] = G(n) for n <= To. With a run
// file, Values is a view of the mapped file, valid until Close.
type Sequence struct {
	Values []uint16
	Stats  Stats
	file   *runFile
}

// Release takes the values G(from..to-1) of a run file out of the
// process's resident memory: the file keeps them and a later read maps them
// back, so a caller reading a long file through Values calls it as it goes
// to keep its memory bounded. A no-op for in-memory runs.
func (s *Sequence) Release(from, to int64) {
	if s.file != nil {
		s.file.release(max(from, 0), min(to, int64(len(s.Values))))
	}
}

// Close releases the run file mapping (a no-op for in-memory runs).
func (s *Sequence) Close() error {
	if s.file == nil {
		return nil
	}
	err := s.file.close()
	s.file, s.Values = nil, nil
	return err
}

// Compute returns G(0..n) in memory with the automatic engine choice.
func Compute(ctx context.Context, r Rules, n int64) ([]uint16, error) {
	seq, err := Run(ctx, Config{Rules: r, To: n})
	if err != nil {
		return nil, err
	}
	return seq.Values, nil
}

// blockSize is the most positions between checks of the context, progress
// reports and engine decisions; blockOps bounds the pair evaluations.
const (
	blockSize = 1 << 12
	blockOps  = 1 << 26
	probeSize = 256 // positions of a trial of the sparse engine in Auto mode
)

// Run computes G(0..cfg.To). With cfg.Out the values live in a memory-mapped
// run file, checkpointed every cfg.CheckpointEvery and when ctx ends, so a
// killed run continues with cfg.Resume; the values are the same whatever the
// engine, mask, core count or interruptions.
func Run(ctx context.Context, cfg Config) (*Sequence, error) {
	if err := cfg.Rules.Validate(); err != nil {
		return nil, err
	}
	if cfg.To < 0 || cfg.To > MaxTo {
		return nil, game.Inputf("heap size %d out of range 0..%d", cfg.To, int64(MaxTo))
	}
	total := cfg.To + 1
	maxMem := cfg.MaxMemory
	if maxMem <= 0 {
		maxMem = DefaultMaxMemory
	}
	seq := &Sequence{}
	var g []uint16
	var charged int64 // bytes of values charged to the budget
	if cfg.Out == "" {
		if 2*total > maxMem {
			return nil, game.Inputf("G(0..%d) needs %s of memory, more than the %s allowed: write it to a run file", cfg.To, bytesString(2*total), bytesString(maxMem))
		}
		known := min(int64(len(cfg.Known)), total)
		if err := cfg.Budget.Allow(total - max(known, 1)); err != nil {
			return nil, fmt.Errorf("G(0..%d): %w", cfg.To, err)
		}
		if cfg.InPlace && int64(cap(cfg.Known)) >= total {
			g = cfg.Known[:total] // room held (and charged) by the caller
		} else {
			size := min(max(total, cfg.Capacity), maxMem/2, MaxTo+1)
			charged = 2 * (size - known)
			if err := cfg.Budget.Grow(charged); err != nil {
				return nil, fmt.Errorf("G(0..%d): %w", cfg.To, err)
			}
			g = make([]uint16, total, size)
			copy(g, cfg.Known)
		}
	} else {
		if len(cfg.Known) > 0 {
			return nil, errors.New("known values and a run file do not mix")
		}
		var err error
		if seq.file, err = openOrCreate(ctx, cfg, total, cfg.window()); err != nil {
			return nil, err
		}
		g = seq.file.values
	}
	seq.Values = g[:total]
	if err := seq.run(ctx, cfg); err != nil {
		seq.Close()
		cfg.Budget.Release(charged) // the values are dropped
		return nil, err
	}
	return seq, nil
}

// window returns cfg.Window or its default.
func (cfg Config) window() int64 {
	if cfg.Window > 0 {
		return cfg.Window
	}
	return DefaultWindow
}

func openOrCreate(ctx context.Context, cfg Config, total, window int64) (*runFile, error) {
	if cfg.Resume {
		rf, err := openRun(ctx, cfg.Out, cfg.Rules.Name, total, window, cfg.Budget)
		if err == nil || !isNotExist(err) {
			return rf, err
		}
	}
	return createRun(cfg.Out, cfg.Rules.Name, total, 1, cfg.Budget)
}

// run drives the kernel over the missing positions.
func (s *Sequence) run(ctx context.Context, cfg Config) error {
	total := int64(len(s.Values))
	workers := cfg.Workers
	if workers == 0 {
		workers = min(2, runtime.GOMAXPROCS(0))
	}
	k, err := newKernel(cfg.Rules, s.file.valuesOr(s.Values), max(1, workers), cfg.Budget)
	if err != nil {
		return fmt.Errorf("G(0..%d): %w", total-1, err)
	}
	defer k.mem.Free() // the scratch space and rare lists die with the run
	if s.file != nil {
		k.window = int(cfg.window())
		k.drop = func(lo, hi int) { s.file.release(int64(lo), int64(hi)) }
	}
	if n := min(int64(len(cfg.Known)), total); n > 1 {
		if err := k.load(int(n), 0); err != nil {
			return err
		}
	}
	if s.file != nil && s.file.head.reached > 1 {
		if err := k.resume(s.file.head, total); err != nil {
			return err
		}
		s.Stats.Resumed = int64(k.n)
	}
	if s.file != nil && s.file.head.reached > total {
		// The file already holds more than asked: report on the prefix
		// and leave the file as it is.
		sum, err := s.file.checksum(context.Background(), 0, total, int64(k.window))
		if err != nil {
			return err
		}
		s.Stats.Checksum = fmt.Sprintf("%016x", sum)
		k.fillStats(&s.Stats, total)
		return nil
	}
	if s.file != nil {
		if err := cfg.Budget.Allow(total - int64(k.n)); err != nil {
			return fmt.Errorf("G(0..%d): %w", total-1, err)
		}
	}
	every := cfg.CheckpointEvery
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	lastCheckpoint := time.Now()
	checksum := uint64(0)
	if s.file != nil {
		checksum = s.file.head.checksum
	}
	checkpoint := func(final bool) error {
		if s.file == nil {
			return nil
		}
		from := s.file.head.reached
		checksum = updateChecksum(checksum, k.g[from:k.n])
		lastCheckpoint = time.Now()
		return s.file.checkpoint(k.header(cfg.Rules.Name, checksum), final)
	}
	// stop ends the run at a limit (states, memory, time): the values so
	// far are final and the kernel consistent, so a run file keeps them.
	stop := func(err error) error {
		if cerr := checkpoint(false); cerr != nil {
			return cerr
		}
		return fmt.Errorf("stopped at heap size %d: %w", k.n, err)
	}
	// fail passes on an engine's error, stopping at limits.
	fail := func(err error) error {
		if limits.IsLimit(err) {
			return stop(err)
		}
		return err
	}

	mode := cfg.Mode
	if cfg.Rules.Triples() {
		mode = Plain
	}
	cur := mode
	if mode == Auto {
		cur = Sparse
	}
	probeEvery, plainLeft, probing := int64(blockSize), int64(0), false
	nextMask := int64(64)
	first := k.n   // values computed by this run: g[first:k.n]
	dropped := k.n // the cold pages were last dropped at this n
	for int64(k.n) < total {
		// The mask is re-evaluated at heap sizes 64, 128, ..., 4096 and
		// every multiple of 4096 after (a transform of a histogram of at
		// most 2^16 values, cheap next to a block): positions fixed in
		// advance, so the mask in force at each n does not depend on
		// interruptions.
		for nextMask <= int64(k.n) {
			nextMask = nextMaskPoint(nextMask)
		}
		end := min(total, int64(k.n)+blockSize, nextMask)
		ops0, plain0 := k.ops, k.plainOps
		start := k.n
		if cfg.Rules.Triples() {
			if err := k.reserveRare(len(k.rare) + int(end) - k.n); err != nil {
				return fail(err)
			}
			for int64(k.n) < end && k.ops-ops0 < blockOps {
				if err := k.stepPlain(); err != nil {
					return fail(err)
				}
			}
		} else {
			if cur == Plain {
				// About blockOps pairs a block, so the context is
				// polled often even where each position scans many.
				end = min(end, int64(k.n)+max(64, blockOps/int64(k.n)))
			}
			if probing {
				end = min(end, int64(k.n)+probeSize)
			}
			if err := k.runSparse(int(end), k.workers, cur == Plain); err != nil {
				return fail(err)
			}
		}
		if cur == Sparse {
			s.Stats.SparseValues += int64(k.n - start)
		}
		if int64(k.n) == nextMask {
			if err := k.chooseMask(); err != nil {
				return fail(err)
			}
		}
		if mode == Auto {
			// The sparse engine must do at most half the plain scan's
			// pair evaluations (its evaluations cost more); after a
			// switch to plain it is probed on probeSize positions after
			// 1, 2, 4, ... 64 blocks' worth of plain positions.
			ops, plain := k.ops-ops0, k.plainOps-plain0
			switch {
			case cur == Sparse && k.n-start >= probeSize:
				if 2*ops > plain {
					cur, plainLeft = Plain, probeEvery
					probeEvery = min(2*probeEvery, 64*blockSize)
				} else if !probing {
					probeEvery = blockSize
				}
				probing = false
			case cur == Plain:
				if plainLeft -= int64(k.n - start); plainLeft <= 0 {
					cur, probing = Sparse, true
				}
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: int64(k.n), Total: total, Rare: len(k.rare), Max: k.maxV, Mask: k.mask, Mode: cur})
		}
		// One state per value; the budget's limits and the context end
		// the run, after a checkpoint of a run file.
		err := cfg.Budget.Steps(ctx, int64(k.n-start))
		if err == nil {
			err = limits.Poll(ctx)
		}
		if err == nil && cfg.MaxWork > 0 && k.ops+int64(k.n-first) > cfg.MaxWork {
			err = ErrWorkLimit
		}
		if err != nil {
			return stop(err)
		}
		if k.drop != nil && k.n-dropped >= k.window/2 {
			k.dropCold()
			dropped = k.n
		}
		if s.file != nil && time.Since(lastCheckpoint) >= every {
			if err := checkpoint(false); err != nil {
				return err
			}
		}
	}
	if s.file != nil {
		if err := checkpoint(true); err != nil {
			return err
		}
	}
	if s.file != nil {
		s.Stats.Checksum = fmt.Sprintf("%016x", checksum)
	} else {
		s.Stats.Checksum = fmt.Sprintf("%016x", Checksum(s.Values))
	}
	k.fillStats(&s.Stats, total)
	return nil
}

func (k *kernel) fillStats(st *Stats, total int64) {
	st.Values = total
	st.Work = k.ops
	st.Max, st.ArgMax = k.maxV, int64(k.argMax)
	k.growHist(max(2, k.span()))
	st.Mask, st.Rare = bestMask(k.hist[:max(2, k.span())])
	st.LastRare = 0
	// The last rare heap size, read backwards from the end in chunks (a
	// run file's pages are released as the read passes them).
	for hi := int(total); hi > 1 && st.Rare > 0 && st.LastRare == 0; hi -= releaseChunk {
		lo := max(1, hi-releaseChunk)
		for n := hi - 1; n >= lo; n-- {
			if rareUnder(k.g[n], st.Mask) {
				st.LastRare = int64(n)
				break
			}
		}
		k.dropRange(lo, hi)
	}
}

func nextMaskPoint(p int64) int64 {
	if p < blockSize {
		return 2 * p
	}
	return p + blockSize
}

// header describes the kernel's state for a checkpoint.
func (k *kernel) header(name string, checksum uint64) header {
	h := header{name: name, reached: int64(k.n), mask: k.mask, checksum: checksum,
		max: k.maxV, argMax: int64(k.argMax), rare: int64(len(k.rare))}
	if len(k.rare) > 0 {
		h.lastRare = int64(rarePos(k.rare[len(k.rare)-1]))
	}
	return h
}

// resume rebuilds the kernel's state from the final values
// G(0..min(h.reached, total)-1) and checks the statistics the header
// recorded when they cover the same values.
func (k *kernel) resume(h header, total int64) error {
	if err := k.load(int(min(h.reached, total)), h.mask); err != nil {
		return err
	}
	got := k.header(h.name, h.checksum)
	got.capacity = h.capacity
	if int64(k.n) == h.reached && got != h {
		return game.Inputf("run file statistics (largest value %d at %d, %d rare, last rare %d) do not match its values (%d at %d, %d rare, last %d): refusing to resume",
			h.max, h.argMax, h.rare, h.lastRare, got.max, got.argMax, got.rare, got.lastRare)
	}
	return nil
}

func (rf *runFile) valuesOr(v []uint16) []uint16 {
	if rf == nil {
		return v
	}
	return rf.values
}

func bytesString(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", n)
}

// load takes g[0:n] as final values: it rebuilds the histogram, the largest
// value and, under mask (0: the best mask for the histogram, bestMask), the
// rare list. The list is built once, under the mask it keeps: under another
// mask first (mask 1 makes every even value rare) it could hold half the
// values.
func (k *kernel) load(n int, mask uint16) error {
	k.n = max(n, 1)
	clear(k.hist)
	k.maxV, k.argMax = 0, 0
	k.chunked(1, k.n, func(lo, hi int) {
		for p := lo; p < hi; p++ {
			v := k.g[p]
			k.growHist(int(v) + 1)
			k.hist[v]++
			if v > k.maxV {
				k.maxV, k.argMax = v, p
			}
		}
	})
	if mask == 0 {
		size := max(2, k.span())
		k.growHist(size)
		mask, _ = bestMask(k.hist[:size])
	}
	return k.setMask(mask)
}

// chunked calls fn(lo, hi) for consecutive chunks of [from, to) in
// order, and for a run file drops each chunk's cold pages after it
// (dropRange): a read of the whole sequence does not leave it resident.
func (k *kernel) chunked(from, to int, fn func(lo, hi int)) {
	for lo := from; lo < to; lo += releaseChunk {
		hi := min(lo+releaseChunk, to)
		fn(lo, hi)
		k.dropRange(lo, hi)
	}
}

// dropRange drops the pages of values in [lo, hi) that lie more than
// window values from both ends of g[0:n] (a run file only).
func (k *kernel) dropRange(lo, hi int) {
	if k.drop == nil {
		return
	}
	lo, hi = max(lo, k.window), min(hi, k.n-k.window)
	if lo < hi {
		k.drop(lo, hi)
	}
}

// dropCold drops the pages of values no pair of the next values is likely
// to read: past the first window values and before the last window values
// and the reach of the rare list (the pairs (p, m-p) of a rare p read
// G(m-p) for every rare p, so down to m minus the last rare heap size).
func (k *kernel) dropCold() {
	hi := k.n - k.window
	if len(k.rare) > 0 {
		hi -= rarePos(k.rare[len(k.rare)-1])
	}
	if lo := k.window; lo < hi {
		k.drop(lo, hi)
	}
}
