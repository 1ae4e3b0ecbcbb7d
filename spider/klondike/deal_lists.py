"""The shipped Klondike level deals: one letter per PySolFC deal number, from 1.

Written by ``scripts/make_klondike_deals.py`` (do not edit by hand); the rule is in
:mod:`spider.klondike.levels`. Letters: ``e`` easy, ``n`` normal, ``h`` hard, ``x`` proved
lost, ``-`` undecided within 50,000 positions. Deals 1-2000; making it took
18 minutes.

draw 1: easy 964 (48.2%), normal 562 (28.1%), hard 128 (6.4%), lost 37 (1.8%), undecided 309 (15.4%)
median 280 positions, hard from 2800
draw 3: easy 349 (17.4%), normal 868 (43.4%), hard 192 (9.6%), lost 195 (9.8%), undecided 396 (19.8%)
median 305 positions, hard from 3050
"""

MEDIAN_NODES: dict[int, int] = {1: 280, 3: 305}

LEVELS: dict[int, str] = {
    1: (
        "eeeeehneeee-eennee-eneeenene-nxeeee-hneneneeeneeheeee-enn-en-nnenen-een--eeheeeehnnnn-nene"
        "heeh-nne-e-e-h--ehenenneeeeeen-nenneneneennneennhnen-nenhnnenehenehn---nnnn-n-hee-eee-eeen"
        "enennneeeeneheee-ne-neheeenen-en-enneeeeeeeeee-neenxen-e-xnnen--eeeeeeen-ee----ne--ennehen"
        "-neenenn-ee---eenneenehnnnn-nnneneeeeneeeeeen-e----nheeenee-neenneenn--eeneeneene-heneenh-"
        "--ennenee-neheeneenenhe-nennneeeee-eeneeexeeennnhnhnnene-n-ehe-e--eeeehn-ennehneehneeneee-"
        "enhneeneeeeeneennnhhen-ehenenenennehneneenn-hnneeeeneeeeeen---enhh-neneeheeenenxnee--e-hnn"
        "nenexeenn--n--eenheehennneee-eenen-neeen-eenenenehnneeenh--n-enneneeehee-eneene-enheenn-en"
        "xnennne-eeen-eeeh-neee-e-een-een-nnnhnnehnehennnenee-eeeneeneeeeen-nneeeheen-eee-exeheeene"
        "ee-eenehe-ehnnneennenhnenee-nneee-neeeenneneeennnne-xennnene-nennen-en-neeehnne-n-x-enehhe"
        "eeeee--nnneeehne-enxene-ee-nnnhen-n-n-eenee-ee-e-n--nneeenee-nnnneeee-heene-eehenen---nn-e"
        "nn--nh--eneeennneeeeneeeeenheneenhn--enennee-neeee-neneeeehe-neeee-nenn-nnn----eehe-eenhnn"
        "-eeeeene-eeeennenn-eneennn-neennehhe-eeeeehnee-eheneeeeeenhexeeeee-eeee--neenenneneenheeee"
        "eee-eee-neheeeennneeeneeenxe-ennnhhenenneeeeneen-nenn-e-eeeeenexneeen-heeneh--he-n-enheeee"
        "eeennen-e-enneeenheeheeeene-n--ne-nne--nnn-enheen-neeeneeex-nenne-ee--n-e-n-hexnee--enenne"
        "-eneneeeen-eexeeenxe-eenen-nxnn-eeeeeenenneennh-n-h-nenneee-he-he---eenn--x-eeexenne-nee-n"
        "neenee-neenn-eeeeeenee-neeeenhxeenee--eee-e-ee-hen-he-een-nen-e--neeeeeeneene-neeennnhnnnx"
        "-eeeneeenexne--nee--enn--eeeenheeee-ennn-eneeeen-enneeeeee-heenee-ene-eeneehheneeneeeennn-"
        "nnee-n-eene-eennneneeeenhen-n-ee----henenee--enenxneneeehe-enen-e-heeeeeenenhneeeh-ene-e-n"
        "ennn-eeeenhheneeehnhe-xnneeeeeeeehneeee--eenen-neennneen-eeeeeeenneneeeeeexee-enene-e-enhn"
        "-ne-e-eeeenxhnneeeneneeeen-ne--e-ennenennn-eene-ee-hee-e-he-he--nneeehnhe-ee-hennn--eeeeen"
        "neneneneeeennneee-n-eneeen-neeeenehnehe-nen--e-nnee-hheeneeexeee-eeneeee-ene-n-hn-ene-ne-e"
        "-enheeheenxeeeh-ne-exenene-eeeneeene-xnx-neeeeeeen-neeeee--eeee--exnehnnenheeneenen-enexhn"
        "enee-heheeeexnnnxeen"
    ),
    3: (
        "eneeehxenxe-n---ee-n-exnnene-xxennx--xnnxheeh-n-xeenn-enn-nnxhnxhxx-eeh--e--nnee--nhn-nnhe"
        "xn-h-n-e-n-nx-n-hnnnnn-enennnx-hnnn-nenxnnnnenn-henn--xhnxnhnehnhnxh--hxnhn-nnnnnhenn-nnne"
        "nnnn-neenh-hxennenh--nnxennen-nx-nn-eenneennxnxnennxen-n--hnnnn-xnehenennnnx---he--xnh-x-n"
        "-neexnnx-n---nhxn-hnnnxxn-n-hnnxe-n-en-neenenne--n-nxenn-n--nnne-nnn---nhnnnnnxneehennnn-n"
        "-xennnnenn-n--hnnnnxn--x-n-xnneehh-ennnnnxnnhnnxhnnennxn-n-nhe-enxnnxnxn-nnhnnnn-hneen-ee-"
        "nexhhennenn-n-eh-nxne--e-e-xnn-nxxn-nnnnenh-nnnnxheheenneenxn-ennn-ennenxexnnenxhxhx-e--nn"
        "nnnn-hnnnx-ne-nxnenxhnnhnnnnxe-n-n-h-nn--xnxenehnxx-nennn-hn-ehenn-enxnn-hhennn-xn-hnhn-en"
        "xnnn-nnennennxenn--xhn-n-hnn-nxxxnnn-ex---n--nhen--ex-nennnnnnnen--ennhn-nhexe-n-e-enennnn"
        "eeheneenn-ee-nnexnnhn--nnen-nneeexheenhnnennen-n-nnnxnnnnn-eenenneh-nn-nnhehn-x-n-x-hxnh-e"
        "eeeee---nnnnexeehexxnnhxen-nxn-nn-n-n--nhnn-eene-ex-nhnhehne-xnh-en-hx-e--n-ennxnennh--n-n"
        "nnx-nnx-hhnnnhnnennn-ennnnnneeehhnn-xxnnxhen-h-eennnnexnnhnn-xneex-nnnnxnnhex---ene-nnnheh"
        "nh-en-nnnhhennnnhn-nnennenhxennnnxne-nnnnnhxenne-e-nn-nnenhxxnnnnn-nh-xh-nnnnenn-xxnxxnne-"
        "nnn-nne-hnnnnennnnenennnn-xn-nnnn-x---hneehennn--nnhn-nxhnnennnxneeeh--ee-nn-h-e-n-n--eenh"
        "nnen-nn-exn-nneenhennnne--n-nnnnn---n--hnnx-e-eexhxnhnnnnnx-ne--nxee-nn-ehh--ex-nnx-hhen-e"
        "-n-ehehnnn-nnxennnxn-nnnen--xnn-nnhxnnnenhnnnnx-n-n-nhnnnen-hn-hnnx-nnnx--xhnenxehxn-nen-n"
        "-nn-xe-neenh-nnneee-eexnnxennexn-enn--nne-e-nn-nnn-hn-nen--n-xnx-nenhnen-nnne-nnenenn--nnx"
        "-nnenneenhx-nxx-ne-ne-n--ennxnxeenh-nnnn-xnennnn-nnneehee--nnnnnnhnhn-nnhnnnnnexnnnnnennx-"
        "n-nnxn-nnnn-nen-nnnnh-ee-nnn-nhee--h-hnnnnex-nxnnxhehnnn-x-nehh-n-nnhenhnnne-nn-nh-nhnhx-n"
        "ennh-e-h-nnhhhnnnx-hn-xeeheeneneenhnneh--hnnnhxnennn---nxheennennnnhenhneexnexnehnn-e-nn-n"
        "-nnhe-eneen-nx-nn-nennne-n-nex-e-nnn-nn-nn-neh-nnx-eenxn--h--nx-nnexnh-en-ee-hnnnee-nn--nh"
        "nehenenennennnnen-n-ehenxnxxhennneh-nhennnn-xnxnnn---heen-n-x-hen--eennnxeen-h--hx-he-hee-"
        "-nnxeehen-xnne--nn-exehene-xhnnehenn-xxx--xennneen-hnnhnn--nnne--nx-nhnhnnnennnxnnh-ennxnh"
        "n-ee-xnhennnxxxxxenn"
    ),
}
