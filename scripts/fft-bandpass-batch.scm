; SPDX-License-Identifier: GPL-3.0-or-later
; fft-bandpass-batch.scm — script-fu-fft-bandpass-batch: every file of a
; folder whose name matches a pattern, band-passed (plug-in-fft-bandpass)
; into another folder under the same name, in the file's own format and
; precision. For the command line (README.md, "Folder batch"); it has no
; menu entry, so no label needs translating (GIMP 3.0 gives third-party
; scripts no text domain of their own).
;
; The band-pass's arguments follow the folder, pattern and output folder in
; the contract's order (docs/contract.md §2). A choice is its name
; ("butterworth") or its index in the contract's list (1); notches are a
; string of numbers, three per notch ("0.1 0.05 0.01").

(define fft-bandpass-batch-choices
  (list (cons 'shape    #("gaussian" "butterworth" "ideal"))
        (cons 'mode     #("band-pass" "band-reject"))
        (cons 'stripes  #("none" "horizontal" "vertical"))
        (cons 'padding  #("mirror" "zero" "smooth"))
        (cons 'channels #("rgb" "luminance"))
        (cons 'output   #("replace" "new-layer" "removed-part"))))

; The name of choice `kind` that `value` gives: itself, or the name at
; that index.
(define (fft-bandpass-batch-choice kind value)
  (if (string? value)
      value
      (vector-ref (cdr (assq kind fft-bandpass-batch-choices)) value)))

; The numbers of a string of numbers separated by spaces, as a vector.
(define (fft-bandpass-batch-numbers text)
  (let loop ((words (strbreakup text " ")) (numbers '()))
    (cond ((null? words) (list->vector (reverse numbers)))
          ((string=? (car words) "") (loop (cdr words) numbers))
          ((string->number (car words))
           (loop (cdr words) (cons (string->number (car words)) numbers)))
          (else (error (string-append "Band-pass batch: \"" (car words)
                                      "\" in the notches is not a number"))))))

; The part of a path after its last "/".
(define (fft-bandpass-batch-basename path)
  (car (last-pair (strbreakup path "/"))))

(define (script-fu-fft-bandpass-batch in-folder pattern out-folder
                                      large small shape order mode
                                      keep-mean stripes tolerance notches
                                      padding channels linear
                                      find-patterns sensitivity output
                                      autoscale)
  (let* ((notch-vector (fft-bandpass-batch-numbers notches))
         (files (car (file-glob (string-append in-folder "/" pattern) 1)))
         (failed '()))
    (if (null? files)
        (error (string-append "Band-pass batch: no file in " in-folder
                              " matches " pattern)))
    (for-each
      (lambda (file)
        (if (not (catch #f
                   (let* ((img (car (gimp-file-load RUN-NONINTERACTIVE file)))
                          (drawables (car (gimp-image-get-selected-drawables
                                            img))))
                     (plug-in-fft-bandpass
                       #:run-mode RUN-NONINTERACTIVE #:image img
                       #:drawables drawables
                       #:large-structures large #:small-structures small
                       #:shape (fft-bandpass-batch-choice 'shape shape)
                       #:order order
                       #:mode (fft-bandpass-batch-choice 'mode mode)
                       #:keep-mean keep-mean
                       #:stripes (fft-bandpass-batch-choice 'stripes stripes)
                       #:stripe-tolerance tolerance #:notches notch-vector
                       #:padding (fft-bandpass-batch-choice 'padding padding)
                       #:channels (fft-bandpass-batch-choice 'channels
                                                             channels)
                       #:linear linear #:find-patterns find-patterns
                       #:pattern-sensitivity sensitivity
                       #:output (fft-bandpass-batch-choice 'output output)
                       #:autoscale autoscale)
                     (gimp-file-save RUN-NONINTERACTIVE img
                                     (string-append
                                       out-folder "/"
                                       (fft-bandpass-batch-basename file))
                                     -1)
                     (gimp-image-delete img)
                     #t)))
            (set! failed (cons (fft-bandpass-batch-basename file) failed))))
      files)
    (if (not (null? failed))
        (error (string-append "Band-pass batch: these files failed (GIMP's "
                              "messages above say why): "
                              (unbreakupstr (reverse failed) ", "))))))

(script-fu-register-procedure "script-fu-fft-bandpass-batch"
  "Band-pass batch"
  "Band-passes every file of a folder that matches a pattern into another folder, keeping each file's name, format and precision; the band-pass's arguments as plug-in-fft-bandpass takes them"
  "fft-bandpass authors"
  "2026"
  SF-DIRNAME "Folder of the input files" ""
  SF-STRING  "File name pattern (glob)" "*.png"
  SF-DIRNAME "Output folder" ""
  SF-ADJUSTMENT "Large structures (px)" '(40 0 1000000 1 10 2 1)
  SF-ADJUSTMENT "Small structures (px)" '(3 0 1000000 1 10 2 1)
  SF-OPTION "Shape" '("gaussian" "butterworth" "ideal")
  SF-ADJUSTMENT "Order" '(2 0.5 20 0.5 1 1 1)
  SF-OPTION "Mode" '("band-pass" "band-reject")
  SF-TOGGLE "Keep mean" TRUE
  SF-OPTION "Stripes" '("none" "horizontal" "vertical")
  SF-ADJUSTMENT "Stripe tolerance (%)" '(5 0 100 1 10 1 1)
  SF-STRING "Notches (fx fy radius …)" ""
  SF-OPTION "Padding" '("mirror" "zero" "smooth")
  SF-OPTION "Channels" '("rgb" "luminance")
  SF-TOGGLE "Linear" FALSE
  SF-TOGGLE "Find patterns" FALSE
  SF-ADJUSTMENT "Pattern sensitivity" '(50 0 100 1 10 0 1)
  SF-OPTION "Output" '("replace" "new-layer" "removed-part")
  SF-TOGGLE "Autoscale" FALSE)
