package script

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grundy-go/grundy/limits"
)

// Starlark bounds the number of steps a computation takes but not the memory
// it uses, and some single operations build values far larger than their
// operands: [0] * 10**9 allocates 16 GB in one step, s = s + s doubles a
// string every step, sep.join(l) multiplies. The sandbox therefore rewrites
// every amplifying operation of a script (binary +, * and %, their augmented
// forms, and the methods join, replace, format, extend, update and union;
// not x + NUMBER or x % NUMBER, which cannot amplify)
// into calls of checked built-ins that compute the size of the result before
// building it, and shadows the built-ins that materialize an iterable (list,
// tuple, sorted, range, ...) with versions that check its length. Every
// value so built has at most maxValue elements (or bytes, for strings and
// integers) and one call of a script function may build at most
// maxCallAlloc bytes through these operations (an element counts 16 bytes);
// anything else a script builds costs at least one step per element and is
// bounded by the step budget.

const (
	// maxValue caps the elements of a list, tuple, dict or range, the bytes
	// of a string, and the bytes of an integer that a script builds.
	maxValue = 1 << 20
	// maxCallAlloc caps the bytes the checked operations of one call build.
	maxCallAlloc = 1 << 28
	// elemBytes is what one element of a list, tuple, dict or set costs.
	elemBytes = 16
)

// Hidden names of the checked operations. A '$' cannot appear in a Starlark
// identifier, so a script can neither call nor shadow them.
const (
	opAdd     = "$add"
	opMul     = "$mul"
	opMod     = "$mod"
	opAugAdd  = "$aug_add"
	opAugMul  = "$aug_mul"
	opAugMod  = "$aug_mod"
	opMethod  = "$method"
	opTuple   = "$tuple"
	sizeLimit = "the limit of %d on the size of a value a script builds"
)

// checkedMethods are the methods that can build a value much larger than
// their receiver and arguments.
var checkedMethods = map[string]bool{"join": true, "replace": true, "format": true, "extend": true, "update": true, "union": true}

// scanMethods are the methods whose cost grows with their receiver: they
// copy it (upper, strip, split, a dict's items, ...) or scan it (find,
// count, index, a list's remove, insert and pop shifting its elements). One
// call is one Starlark step; the sandbox charges what they copy to the
// call's allocation and what they scan to its steps (scanCost).
var scanMethods = map[string]bool{
	// strings
	"capitalize": true, "lower": true, "upper": true, "title": true, "swapcase": true,
	"strip": true, "lstrip": true, "rstrip": true, "removeprefix": true, "removesuffix": true,
	"split": true, "rsplit": true, "splitlines": true, "partition": true, "rpartition": true,
	"elems": true, "elem_ords": true, "codepoints": true, "codepoint_ords": true,
	"find": true, "rfind": true, "index": true, "rindex": true, "count": true,
	"startswith": true, "endswith": true,
	"isalnum": true, "isalpha": true, "isdigit": true, "islower": true, "isspace": true, "istitle": true, "isupper": true,
	// lists, dicts and sets
	"insert": true, "remove": true, "pop": true, "clear": true,
	"keys": true, "values": true, "items": true, "copy": true,
	"difference": true, "intersection": true, "symmetric_difference": true,
	"issubset": true, "issuperset": true,
}

// Hidden names of the checked scans and copies.
const (
	opIn    = "$in"
	opNotIn = "$not_in"
	opSlice = "$slice"
)

// scanCost charges thread with the Starlark steps a builtin operation on v
// takes, one per element (one per 16 bytes of a string): in, a method that
// scans or copies, a slice. The thread's step budget then bounds their
// time as it bounds the script's own loops.
func scanCost(thread *starlark.Thread, v starlark.Value) {
	n, unit := seqSize(v)
	switch {
	case n < 0:
		if l := starlark.Len(v); l > 0 { // dict, set
			thread.Steps += uint64(l)
		}
	case unit == 1:
		thread.Steps += uint64(n / 16)
	default:
		thread.Steps += uint64(n)
	}
}

// sizeError reports a value that a script tried to build beyond the size
// cap. It is a limit (exit status 1), not bad input.
type sizeError struct{ Msg string }

// Error returns the message.
func (e *sizeError) Error() string { return e.Msg }

func sizeErrorf(format string, args ...any) error {
	return &sizeError{fmt.Sprintf(format, args...)}
}

// rewriteFile replaces the amplifying operations of f by checked calls.
func rewriteFile(f *syntax.File) {
	rewriteStmts(f.Stmts)
}

func rewriteStmts(stmts []syntax.Stmt) {
	for _, s := range stmts {
		rewriteStmt(s)
	}
}

func rewriteStmt(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.AssignStmt:
		s.LHS = rewriteTarget(s.LHS)
		s.RHS = rewriteExpr(s.RHS)
		var check string
		switch {
		case s.Op == syntax.PLUS_EQ && !isNumber(s.RHS):
			check = opAugAdd
		case s.Op == syntax.STAR_EQ:
			check = opAugMul
		case s.Op == syntax.PERCENT_EQ && !isNumber(s.RHS):
			check = opAugMod
		}
		if check != "" {
			// x op= y keeps its in-place meaning for lists; the check
			// sees the current x and returns y unchanged.
			s.RHS = call(check, s.OpPos, s.LHS, s.RHS)
		}
	case *syntax.DefStmt:
		rewriteParams(s.Params)
		rewriteStmts(s.Body)
	case *syntax.ExprStmt:
		s.X = rewriteExpr(s.X)
	case *syntax.IfStmt:
		s.Cond = rewriteExpr(s.Cond)
		rewriteStmts(s.True)
		rewriteStmts(s.False)
	case *syntax.ForStmt:
		s.X = rewriteExpr(s.X)
		rewriteStmts(s.Body)
	case *syntax.WhileStmt:
		s.Cond = rewriteExpr(s.Cond)
		rewriteStmts(s.Body)
	case *syntax.ReturnStmt:
		if s.Result != nil {
			s.Result = rewriteExpr(s.Result)
		}
	}
}

// rewriteTarget rewrites the expressions inside an assignment's target
// (a[i] = ..., a, b = ...) but keeps tuples and lists of targets as they
// are: an unpacking target is not a value the script builds.
func rewriteTarget(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.TupleExpr:
		for i, x := range e.List {
			e.List[i] = rewriteTarget(x)
		}
		return e
	case *syntax.ListExpr:
		for i, x := range e.List {
			e.List[i] = rewriteTarget(x)
		}
		return e
	case *syntax.ParenExpr:
		e.X = rewriteTarget(e.X)
		return e
	}
	return rewriteExpr(e)
}

// rewriteParams rewrites the default values of parameters (name=expr).
func rewriteParams(params []syntax.Expr) {
	for _, p := range params {
		if b, ok := p.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			b.Y = rewriteExpr(b.Y)
		}
	}
}

// call builds the expression name(args...) at pos.
func call(name string, pos syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: name}, Lparen: pos, Args: args, Rparen: pos}
}

func rewriteExpr(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.BinaryExpr:
		if e.Op == syntax.EQ { // keyword argument name=expr
			e.Y = rewriteExpr(e.Y)
			return e
		}
		e.X = rewriteExpr(e.X)
		e.Y = rewriteExpr(e.Y)
		switch {
		case e.Op == syntax.PLUS && !isNumber(e.X) && !isNumber(e.Y):
			return call(opAdd, e.OpPos, e.X, e.Y)
		case e.Op == syntax.STAR:
			return call(opMul, e.OpPos, e.X, e.Y)
		case e.Op == syntax.PERCENT && !isNumber(e.Y):
			return call(opMod, e.OpPos, e.X, e.Y)
		case e.Op == syntax.IN:
			return call(opIn, e.OpPos, e.X, e.Y)
		case e.Op == syntax.NOT_IN:
			return call(opNotIn, e.OpPos, e.X, e.Y)
		}
		return e
	case *syntax.UnaryExpr:
		if e.X != nil {
			e.X = rewriteExpr(e.X)
		}
	case *syntax.ParenExpr:
		e.X = rewriteExpr(e.X)
	case *syntax.CallExpr:
		e.Fn = rewriteExpr(e.Fn)
		for i, a := range e.Args {
			e.Args[i] = rewriteExpr(a)
		}
	case *syntax.DotExpr:
		e.X = rewriteExpr(e.X)
		if checkedMethods[e.Name.Name] || scanMethods[e.Name.Name] {
			// x.join becomes $method(x, "join"), a checked bound method.
			name := &syntax.Literal{Token: syntax.STRING, TokenPos: e.NamePos, Raw: fmt.Sprintf("%q", e.Name.Name), Value: e.Name.Name}
			return call(opMethod, e.Dot, e.X, name)
		}
	case *syntax.IndexExpr:
		e.X = rewriteExpr(e.X)
		e.Y = rewriteExpr(e.Y)
	case *syntax.SliceExpr:
		e.X = rewriteExpr(e.X)
		args := []syntax.Expr{e.X}
		for _, p := range []*syntax.Expr{&e.Lo, &e.Hi, &e.Step} {
			if *p != nil {
				*p = rewriteExpr(*p)
				args = append(args, *p)
			} else {
				args = append(args, &syntax.Ident{NamePos: e.Lbrack, Name: "None"})
			}
		}
		// x[lo:hi:step] copies its result: $slice charges it first.
		return call(opSlice, e.Lbrack, args...)
	case *syntax.ListExpr:
		for i, x := range e.List {
			e.List[i] = rewriteExpr(x)
		}
	case *syntax.TupleExpr:
		for i, x := range e.List {
			e.List[i] = rewriteExpr(x)
		}
		// A tuple may hold one object many times ((t, t) doubles t's
		// leaves without copying): hashing or encoding it visits every
		// leaf, in Go code no step budget or cancellation reaches. The
		// checked constructor refuses tuples past the size cap.
		start, _ := e.Span()
		return call(opTuple, start, e.List...)
	case *syntax.DictExpr:
		for _, x := range e.List {
			if d, ok := x.(*syntax.DictEntry); ok {
				d.Key = rewriteExpr(d.Key)
				d.Value = rewriteExpr(d.Value)
			}
		}
	case *syntax.CondExpr:
		e.Cond = rewriteExpr(e.Cond)
		e.True = rewriteExpr(e.True)
		e.False = rewriteExpr(e.False)
	case *syntax.Comprehension:
		e.Body = rewriteExpr(e.Body)
		if d, ok := e.Body.(*syntax.DictEntry); ok {
			d.Key = rewriteExpr(d.Key)
			d.Value = rewriteExpr(d.Value)
		}
		for _, c := range e.Clauses {
			switch c := c.(type) {
			case *syntax.ForClause:
				c.X = rewriteExpr(c.X)
			case *syntax.IfClause:
				c.Cond = rewriteExpr(c.Cond)
			}
		}
	case *syntax.LambdaExpr:
		rewriteParams(e.Params)
		e.Body = rewriteExpr(e.Body)
	}
	return e
}

// isNumber reports whether e is a numeric literal. Then x + 1 is a sum of
// numbers (or an error), and x % 10 a remainder or one number formatted:
// neither builds a large value, so they are left unchecked and cost nothing
// extra. (Everything else is checked, even s + "x": it copies s, and the
// check charges the copy to the call's budget, which bounds the time of a
// loop that grows a string one piece at a time.)
func isNumber(e syntax.Expr) bool {
	l, ok := e.(*syntax.Literal)
	return ok && (l.Token == syntax.INT || l.Token == syntax.FLOAT)
}

// budget is the allocation account of the call in progress. What a call
// builds through the checked operations also counts against the request's
// memory budget (request, when not nil) until the call returns: the values
// may all be live at once (appended to a list), and are garbage after.
type budget struct {
	used    int64
	request *limits.Budget
	held    int64 // bytes of used held in request
}

// charge records n bytes built; past maxCallAlloc, or past the request's
// memory budget, it fails.
func (b *budget) charge(n int64) error {
	b.used += n
	if b.used > maxCallAlloc {
		return sizeErrorf("the call built more than %d MiB of large values (the limit per call)", maxCallAlloc>>20)
	}
	if b.request != nil && b.used-b.held >= 1<<20 {
		if err := b.request.Grow(b.used - b.held); err != nil {
			return err
		}
		b.held = b.used
	}
	return nil
}

// endCall releases what the call held in the request's budget and starts
// the next call's account.
func (b *budget) endCall() {
	if b.request != nil && b.held > 0 {
		b.request.Release(b.held)
	}
	b.used, b.held = 0, 0
}

// fits checks a result of n elements of unit bytes each against the
// per-value cap and charges it.
func (b *budget) fits(what string, n, unit int) error {
	if n > maxValue || n < 0 {
		return sizeErrorf("%s would have %d elements or bytes, more than "+sizeLimit, what, n, maxValue)
	}
	return b.charge(int64(n) * int64(unit))
}

// seqLen is the length of a value that repetition or concatenation copies,
// or -1 for other values.
func seqLen(v starlark.Value) int {
	n, _ := seqSize(v)
	return n
}

// seqSize is seqLen and the bytes of one element.
func seqSize(v starlark.Value) (n, unit int) {
	switch v := v.(type) {
	case starlark.String:
		return len(v), 1
	case starlark.Bytes:
		return len(v), 1
	case *starlark.List:
		return v.Len(), elemBytes
	case starlark.Tuple:
		return len(v), elemBytes
	}
	return -1, 0
}

// intBytes is the size of an integer in bytes.
func intBytes(v starlark.Value) (int, bool) {
	i, ok := v.(starlark.Int)
	if !ok {
		return 0, false
	}
	if _, small := i.Int64(); small {
		return 8, true
	}
	return (i.BigInt().BitLen() + 7) / 8, true
}

// checkBinary checks the size of x op y before it is built.
func (b *budget) checkBinary(op syntax.Token, x, y starlark.Value) error {
	switch op {
	case syntax.PLUS:
		nx, unit := seqSize(x)
		ny := seqLen(y)
		if nx >= 0 && ny >= 0 {
			return b.fits("the concatenation", nx+ny, unit)
		}
	case syntax.STAR:
		bx, xInt := intBytes(x)
		by, yInt := intBytes(y)
		switch {
		case xInt && yInt:
			if bx+by > 16 {
				return b.fits("the product", bx+by, 1)
			}
		case yInt && seqLen(x) >= 0:
			return b.checkRepeat(x, y)
		case xInt && seqLen(y) >= 0:
			return b.checkRepeat(y, x)
		}
	case syntax.PERCENT:
		if f, ok := x.(starlark.String); ok {
			refs := strings.Count(string(f), "%")
			arg := size(y, maxValue+1)
			if _, isTuple := y.(starlark.Tuple); isTuple {
				refs = 1 // each element is used once
			}
			if refs > 0 && arg > maxValue/refs {
				return b.fits("the formatted string", maxValue+1, 1)
			}
			return b.fits("the formatted string", len(f)+refs*arg, 1)
		}
	}
	return nil
}

func (b *budget) checkRepeat(seq, n starlark.Value) error {
	count, err := starlark.AsInt32(n)
	if err != nil {
		return sizeErrorf("repeat count %s is too large", n)
	}
	if count <= 0 {
		return nil
	}
	l, unit := seqSize(seq)
	if l > 0 && count > maxValue/l+1 {
		return sizeErrorf("%s repeated %d times would have %d elements or bytes, more than "+sizeLimit, seq.Type(), count, int64(l)*int64(count), maxValue)
	}
	return b.fits(seq.Type()+" repetition", l*count, unit)
}

// checkNested refuses a tuple whose size, shared parts counted each time
// they occur, passes the cap, and charges the walk to the call's budget.
func (b *budget) checkNested(t starlark.Tuple) error {
	n := elements(t, maxValue+1)
	if n > maxValue {
		return sizeErrorf("a tuple of more than %d nested elements (parts it holds several times counted each time) is larger than "+sizeLimit, maxValue, maxValue)
	}
	return b.charge(int64(n))
}

// elements counts the elements of v and of the tuples and lists nested in
// it, shared parts each time they occur (what hashing or encoding v
// visits), and stops past limit.
func elements(v starlark.Value, limit int) int {
	n := 0
	var walk func(v starlark.Value, depth int)
	walk = func(v starlark.Value, depth int) {
		if depth > 1000 {
			n = limit + 1
		}
		switch v := v.(type) {
		case starlark.Tuple:
			for _, x := range v {
				if n++; n > limit {
					return
				}
				walk(x, depth+1)
			}
		case *starlark.List:
			for i := 0; i < v.Len() && n <= limit; i++ {
				n++
				walk(v.Index(i), depth+1)
			}
		}
	}
	walk(v, 0)
	return n
}

// size estimates the units of v (its elements, bytes and printed form),
// counting shared parts each time they occur, and stops past limit.
func size(v starlark.Value, limit int) int {
	n := 0
	var walk func(v starlark.Value, depth int)
	walk = func(v starlark.Value, depth int) {
		if n > limit {
			return
		}
		if depth > 1000 {
			n = limit + 1
			return
		}
		switch v := v.(type) {
		case starlark.String:
			n += len(v) + 2
		case starlark.Bytes:
			n += len(v) + 3
		case starlark.Int:
			b, _ := intBytes(v)
			n += 3 * b
		case starlark.Indexable: // list, tuple, range
			n += 2
			if v.Type() == "range" { // lazy: printed as range(a, b, c)
				n += 40
				return
			}
			for i := 0; i < v.Len() && n <= limit; i++ {
				n += 2
				walk(v.Index(i), depth+1)
			}
		case *starlark.Dict:
			n += 2
			for _, kv := range v.Items() {
				if n > limit {
					return
				}
				walk(kv[0], depth+1)
				walk(kv[1], depth+1)
			}
		case *starlark.Set:
			n += 5
			iter := v.Iterate()
			defer iter.Done()
			var x starlark.Value
			for n <= limit && iter.Next(&x) {
				n += 2
				walk(x, depth+1)
			}
		default:
			n += 24
		}
	}
	walk(v, 0)
	return n
}

// checkMethod checks the result of recv.name(args) before it is built.
func (b *budget) checkMethod(recv starlark.Value, name string, args starlark.Tuple, kwargs []starlark.Tuple) error {
	switch recv := recv.(type) {
	case starlark.String:
		switch name {
		case "join":
			if len(args) != 1 {
				return nil // the method reports the error
			}
			n := starlark.Len(args[0])
			if n < 0 {
				return nil
			}
			total := len(recv) * max(n-1, 0)
			if total > maxValue {
				return b.fits("the joined string", total, 1)
			}
			iter := starlark.Iterate(args[0])
			if iter == nil {
				return nil
			}
			defer iter.Done()
			var x starlark.Value
			for iter.Next(&x) && total <= maxValue {
				if s, ok := x.(starlark.String); ok {
					total += len(s)
				}
			}
			return b.fits("the joined string", total, 1)
		case "replace":
			if len(args) < 2 {
				return nil
			}
			old, ok1 := args[0].(starlark.String)
			repl, ok2 := args[1].(starlark.String)
			if !ok1 || !ok2 {
				return nil
			}
			count := utf8.RuneCountInString(string(recv)) + 1
			if old != "" {
				count = strings.Count(string(recv), string(old))
			}
			grow := max(len(repl)-len(old), 0)
			if grow > 0 && count > maxValue/grow+1 {
				return b.fits("the replaced string", maxValue+1, 1)
			}
			return b.fits("the replaced string", len(recv)+count*grow, 1)
		case "format":
			refs := strings.Count(string(recv), "{")
			all := size(args, maxValue+1)
			for _, kv := range kwargs {
				all += size(kv[1], maxValue+1)
			}
			if refs > 0 && all > maxValue/refs {
				return b.fits("the formatted string", maxValue+1, 1)
			}
			return b.fits("the formatted string", len(recv)+refs*all, 1)
		}
	case *starlark.List, *starlark.Dict, *starlark.Set:
		if name == "extend" || name == "update" || name == "union" {
			total := starlark.Len(recv)
			for _, a := range args {
				total += max(starlark.Len(a), 0)
			}
			for range kwargs {
				total++
			}
			return b.fits("the "+recv.Type(), total, elemBytes)
		}
	}
	return nil
}

// sandbox returns the predeclared names of a script: the checked operations
// and the shadowed built-ins, all charging b.
func sandbox(b *budget) starlark.StringDict {
	d := starlark.StringDict{}
	binary := func(name string, op syntax.Token, augmented bool) {
		d[name] = starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			x, y := args[0], args[1]
			if l, ok := x.(*starlark.List); ok && augmented && op == syntax.PLUS {
				// l += y extends l in place: only y is copied.
				if ny := starlark.Len(y); ny >= 0 {
					if l.Len()+ny > maxValue {
						return nil, b.fits("the concatenation", l.Len()+ny, elemBytes)
					}
					return y, b.charge(int64(ny) * elemBytes)
				}
			}
			if err := b.checkBinary(op, x, y); err != nil {
				return nil, err
			}
			if augmented {
				return y, nil
			}
			return starlark.Binary(op, x, y)
		})
	}
	binary(opAdd, syntax.PLUS, false)
	binary(opMul, syntax.STAR, false)
	binary(opMod, syntax.PERCENT, false)
	binary(opAugAdd, syntax.PLUS, true)
	binary(opAugMul, syntax.STAR, true)
	binary(opAugMod, syntax.PERCENT, true)
	d[opTuple] = starlark.NewBuiltin(opTuple, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		t := append(starlark.Tuple(nil), args...)
		return t, b.checkNested(t)
	})
	in := func(name string, negate bool) {
		d[name] = starlark.NewBuiltin(name, func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			scanCost(thread, args[1])
			op := syntax.IN
			if negate {
				op = syntax.NOT_IN
			}
			return starlark.Binary(op, args[0], args[1])
		})
	}
	in(opIn, false)
	in(opNotIn, true)
	d[opSlice] = starlark.NewBuiltin(opSlice, func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		x, ok := args[0].(starlark.Sliceable)
		if !ok {
			return nil, fmt.Errorf("invalid slice operand %s", args[0].Type())
		}
		start, end, step, err := sliceIndices(x.Len(), args[1], args[2], args[3])
		if err != nil {
			return nil, err
		}
		n := sliceLen(start, end, step)
		_, unit := seqSize(x)
		if unit == 0 {
			unit = elemBytes
		}
		if err := b.fits("the slice", n, unit); err != nil {
			return nil, err
		}
		if unit == 1 {
			thread.Steps += uint64(n / 16)
		} else {
			thread.Steps += uint64(n)
		}
		return x.Slice(start, end, step), nil
	})
	d[opMethod] = starlark.NewBuiltin(opMethod, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		return checkedAttr(b, args[0], string(args[1].(starlark.String)))
	})
	// Built-ins that materialize an iterable argument: check its length.
	for _, name := range []string{"list", "tuple", "sorted", "reversed", "enumerate", "zip", "set", "dict", "bytes", "any", "all", "min", "max"} {
		orig, ok := starlark.Universe[name].(*starlark.Builtin)
		if !ok {
			continue
		}
		d[name] = starlark.NewBuiltin(name, func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			total := 0
			for _, a := range args {
				total += max(starlark.Len(a), 0)
			}
			if err := b.fits("the argument of "+name+"()", total, elemBytes); err != nil {
				return nil, err
			}
			v, err := starlark.Call(thread, orig, args, kwargs)
			if t, ok := v.(starlark.Tuple); ok && err == nil && name == "tuple" {
				err = b.checkNested(t)
			}
			return v, err
		})
	}
	// range is lazy, but a range longer than maxValue could only be
	// iterated by built-ins that do not count steps.
	rangeFn := starlark.Universe["range"]
	d["range"] = starlark.NewBuiltin("range", func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		r, err := starlark.Call(thread, rangeFn, args, kwargs)
		if err != nil {
			return nil, err
		}
		if n := starlark.Len(r); n > maxValue {
			return nil, sizeErrorf("range of %d elements is longer than "+sizeLimit, n, maxValue)
		}
		return r, nil
	})
	// Built-ins that print their arguments.
	for _, name := range []string{"str", "repr", "print", "fail", "hash"} {
		orig := starlark.Universe[name]
		d[name] = starlark.NewBuiltin(name, func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			total := size(args, maxValue+1)
			for _, kv := range kwargs {
				total += size(kv[1], maxValue+1)
			}
			if err := b.fits("the text of "+name+"()", total, 1); err != nil {
				return nil, err
			}
			return starlark.Call(thread, orig, args, kwargs)
		})
	}
	d["getattr"] = starlark.NewBuiltin("getattr", func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) >= 2 && len(kwargs) == 0 {
			if name, ok := args[1].(starlark.String); ok && checkedMethods[string(name)] {
				v, err := checkedAttr(b, args[0], string(name))
				if err != nil && len(args) == 3 {
					return args[2], nil
				}
				return v, err
			}
		}
		return starlark.Call(thread, starlark.Universe["getattr"], args, kwargs)
	})
	return d
}

// checkedAttr returns recv.name, wrapped so that a call checks the size of
// its result first when name is one of checkedMethods.
func checkedAttr(b *budget, recv starlark.Value, name string) (starlark.Value, error) {
	ha, ok := recv.(starlark.HasAttrs)
	if !ok {
		return nil, fmt.Errorf("%s has no .%s field or method", recv.Type(), name)
	}
	attr, err := ha.Attr(name)
	if err != nil {
		return nil, err
	}
	if attr == nil {
		return nil, fmt.Errorf("%s has no .%s field or method", recv.Type(), name)
	}
	method, ok := attr.(*starlark.Builtin)
	if !ok {
		return attr, nil
	}
	return starlark.NewBuiltin(name, func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if err := b.checkMethod(recv, name, args, kwargs); err != nil {
			return nil, err
		}
		if scanMethods[name] {
			// What it copies is at most its receiver; what it scans
			// costs steps.
			scanCost(thread, recv)
			if n, unit := seqSize(recv); n > 0 {
				if err := b.charge(int64(n) * int64(unit)); err != nil {
					return nil, err
				}
			}
		}
		return starlark.Call(thread, method, args, kwargs)
	}), nil
}

// sliceIndices normalizes the bounds of x[lo:hi:step] on a sequence of n
// elements by the rules of Starlark (and Python): a missing step is 1, a
// zero step is an error; negative bounds count from the end; bounds are
// clamped to [0, n] going forward and to [-1, n-1] going backward, and
// missing ones are the ends of that range in the step's direction; an
// empty slice has equal bounds.
func sliceIndices(n int, lo, hi, step starlark.Value) (start, end, stride int, err error) {
	stride = 1
	if step != starlark.None {
		if stride, err = starlark.AsInt32(step); err != nil {
			return 0, 0, 0, fmt.Errorf("invalid slice step: %v", err)
		}
		if stride == 0 {
			return 0, 0, 0, fmt.Errorf("zero is not a valid slice step")
		}
	}
	first, last := 0, n // the range bounds are clamped to
	start, end = 0, n
	if stride < 0 {
		first, last = -1, n-1
		start, end = n-1, -1
	}
	bound := func(v starlark.Value, dflt int) (int, error) {
		if v == starlark.None {
			return dflt, nil
		}
		i, err := starlark.AsInt32(v)
		if err != nil {
			return 0, fmt.Errorf("invalid start index: %v", err)
		}
		if i < 0 {
			i += n
		}
		return min(max(i, first), last), nil
	}
	if start, err = bound(lo, start); err != nil {
		return 0, 0, 0, err
	}
	if end, err = bound(hi, end); err != nil {
		return 0, 0, 0, err
	}
	// An empty slice has equal bounds (Sliceable.Slice's contract).
	if stride > 0 && end < start {
		end = start
	}
	if stride < 0 && start < end {
		start = end
	}
	return start, end, stride, nil
}

// sliceLen is the number of elements of a slice with normalized bounds.
func sliceLen(start, end, step int) int {
	if step > 0 {
		if end <= start {
			return 0
		}
		return (end - start + step - 1) / step
	}
	if start <= end {
		return 0
	}
	return (start - end - step - 1) / -step
}
